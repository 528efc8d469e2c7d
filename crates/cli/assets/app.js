// grundy serve: the page. Plain JS, no libraries. Every answer comes from
// the JSON API; this file only asks and draws.
"use strict";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- helpers

/** JSON.parse, but integers of 16 digits or more (beyond 2^53) are kept as
 *  strings, so heap sizes and values up to 2^64 - 1 stay exact. */
function parseJSON(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (/[0-9-]/.test(c)) {
      let j = i;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const num = text.slice(i, j);
      out += /^-?\d{16,}$/.test(num) ? '"' + num + '"' : num;
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out);
}

class ApiError extends Error {
  constructor(message, at) {
    super(message);
    this.at = at;
  }
}

/** GET an API path with parameters; resolves to the parsed JSON (or text
 *  for SVG), rejects with ApiError carrying the server's message. */
async function api(path, params, asText) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== false) query.set(k, v === true ? "1" : String(v));
  }
  const res = await fetch(path + "?" + query.toString());
  const text = await res.text();
  if (!res.ok) {
    let body = null;
    try { body = JSON.parse(text); } catch (e) { /* not JSON */ }
    throw new ApiError(body && body.error ? body.error : `HTTP ${res.status}`, body ? body.at : null);
  }
  return asText ? text : parseJSON(text);
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Shows an error under an input: the input text, a caret under the
 *  1-based column `at`, and the message. */
function showError(box, err, input) {
  box.replaceChildren();
  if (err.at && input) {
    const text = input;
    const caret = " ".repeat(Math.max(0, err.at - 1)) + "^";
    box.append(el("pre", { "aria-hidden": "true" }, text + "\n", el("span", { class: "caret" }, caret)));
  }
  // The command line's message ends with its own position note (", at
  // column N:" and the caret block); the page shows the caret block above
  // and the 1-based column instead.
  const message = err.at && input
    ? err.message.replace(/,? at column \d+:\n[\s\S]*$/, "").replace(/ \(at character \d+ of ".*"\)$/, "")
    : err.message;
  const where = err.at ? ` (column ${err.at})` : "";
  box.append(el("p", { class: "message" }, message + where));
  box.hidden = false;
}

function clearError(box) {
  box.hidden = true;
  box.replaceChildren();
}

const big = (x) => BigInt(x);
const binary = (x, width) => big(x).toString(2).padStart(width, "0");
const bitLength = (x) => (big(x) === 0n ? 1 : big(x).toString(2).length);

/** The binary table of the nim-sum: rows [{label, size, value}], the
 *  column of the highest 1 of the nim-sum highlighted (normal play). */
function nimSumTable(rows, highlight) {
  if (rows.some((r) => r.value === null)) {
    return el("p", { class: "table-note" }, "A value is not known (theory gives only who wins), so there is no nim-sum table.");
  }
  const sum = rows.reduce((acc, r) => acc ^ big(r.value), 0n);
  const width = Math.max(...rows.map((r) => bitLength(r.value)), bitLength(sum));
  const decide = highlight && sum !== 0n ? sum.toString(2).length - 1 : -1;
  const table = el("table", { class: "nimsum", "aria-label": "The values in binary and their nim-sum" });
  const head = el("tr", {}, el("th", { class: "label", scope: "col" }, "part"),
    el("th", { scope: "col" }, "size"), el("th", { scope: "col" }, "value"));
  for (let b = width - 1; b >= 0; b--) {
    const th = el("th", { class: "bit", scope: "col", title: `bit ${b} (worth 2^${b})` },
      b === decide ? `▼2^${b}` : `2^${b}`);
    if (b === decide) th.classList.add("decide");
    head.append(th);
  }
  table.append(el("thead", {}, head));
  const body = el("tbody");
  const addRow = (label, size, value, cls) => {
    const tr = el("tr", { class: cls || "" }, el("td", { class: "label" }, label),
      el("td", {}, size), el("td", {}, String(value)));
    const bits = binary(value, width);
    for (let k = 0; k < width; k++) {
      const b = width - 1 - k;
      const td = el("td", { class: "bit" }, bits[k]);
      if (b === decide) td.classList.add("decide");
      tr.append(td);
    }
    if (decide >= 0 && cls !== "sum" && ((big(value) >> BigInt(decide)) & 1n) === 1n) tr.classList.add("holder");
    body.append(tr);
  };
  for (const r of rows) addRow(r.label, r.size, r.value);
  addRow("nim-sum (xor)", "", sum, "sum");
  table.append(body);
  const caption = decide >= 0
    ? `The nim-sum is ${sum} ≠ 0; its highest 1 is in column 2^${decide} (marked ▼): a part with a 1 there is moved to make the nim-sum 0.`
    : `The nim-sum is ${sum}.`;
  const box = el("div", { class: "nimsum-box" }, el("p", { class: "table-note" }, caption), table);
  return box;
}

// `id`: one per panel, so that the analyse and explain panels, both drawn
// at load, do not share one.
function verdictLine(outcome, play, id) {
  const win = outcome === "N";
  const text = win ? "The player to move wins (an N-position)." : "The player to move loses (a P-position).";
  const rule = { misere: " Misère play: the last move loses.", every: " Every-game play: each turn a move in every part; the last move wins." };
  return el("p", { class: "verdict " + (win ? "win" : "lose"), id }, text + (rule[play] || ""));
}

/** A panel's misère and every-game boxes: at most one is ticked, and a
 *  change answers again with `run`. */
function playToggles(panel, run) {
  const misere = $(panel + "-misere");
  const every = $(panel + "-every");
  misere.addEventListener("change", () => { if (misere.checked) every.checked = false; run(); });
  every.addEventListener("change", () => { if (every.checked) misere.checked = false; run(); });
}

const stepsText = (n) => `${n} step${Number(n) === 1 ? "" : "s"}`;

/** Every-game play, from `/api/explain?every=1`: the longest part decides,
 *  each part's steps and why (with its options' steps when it is small),
 *  and the best turn. `panel` prefixes the lists' ids. */
function everyAccount(e, panel) {
  const rows = el("ul", { id: panel + "-every-steps", "aria-label": "Each part's steps" });
  for (const r of e.rows) {
    const li = el("li", {}, el("strong", {}, `${r.label}: ${stepsText(r.steps)}`), ` — ${r.reason}.`);
    if (r.options) {
      const opts = el("span", { class: "opts" });
      for (const o of r.options) opts.append(el("span", { class: "opt", title: o.words }, `${o.leaves} → ${o.steps}`));
      li.append(" Options: ", opts);
    }
    rows.append(li);
  }
  const turn = el("ul", { class: "moves", id: panel + "-every-turn" });
  e.turn.forEach((m) => turn.append(el("li", {}, m.words)));
  if (e.turn.length === 0) turn.append(el("li", {}, "none: no part can move"));
  return [
    el("p", {}, `The longest part lasts ${stepsText(e.max_steps)} (Smith's theorem: the player to move wins exactly when that number is odd). A part's steps are the moves it lasts when its winner drags it out and its loser ends it fast.`),
    el("h2", { class: "small" }, "Steps of each part"), rows,
    el("h2", { class: "small" }, e.outcome === "N" ? "Winning turn (all its moves together)" : "Best defence (all its moves together)"), turn,
  ];
}

// ---------------------------------------------------------------- tabs

const tabs = ["analyse", "play", "explain", "seq"];
function selectTab(name, focus) {
  for (const t of tabs) {
    const on = t === name;
    const tab = $("tab-" + t);
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
    $("panel-" + t).hidden = !on;
    if (on && focus) tab.focus();
  }
}
for (const t of tabs) {
  $("tab-" + t).addEventListener("click", () => selectTab(t));
  $("tab-" + t).addEventListener("keydown", (e) => {
    const i = tabs.indexOf(t);
    if (e.key === "ArrowRight") selectTab(tabs[(i + 1) % tabs.length], true);
    else if (e.key === "ArrowLeft") selectTab(tabs[(i + tabs.length - 1) % tabs.length], true);
    else return;
    e.preventDefault();
  });
}

// ---------------------------------------------------------------- analyse

// As for explanations below: only the reply to the latest request is shown.
let analyseRequest = 0;

async function analyse() {
  const expr = $("analyse-expr").value;
  const misere = $("analyse-misere").checked;
  const every = $("analyse-every").checked;
  const out = $("analyse-result");
  const request = ++analyseRequest;
  try {
    const [a, ex] = await Promise.all([
      api("/api/analyze", { expr, misere, every }),
      api("/api/explain", { expr, misere, every }),
    ]);
    if (request !== analyseRequest) return;
    clearError($("analyse-error"));
    out.replaceChildren();
    out.append(verdictLine(a.outcome, a.play, "analyse-verdict"));
    if (a.play === "every") {
      out.append(...everyAccount(ex, "analyse"));
      return;
    }
    if (a.grundy !== null) {
      out.append(el("p", {}, `Grundy value of the whole position (nim-sum): ${a.grundy}.`));
    } else {
      out.append(el("p", {}, "Misère play: the values below are the normal-play values; " +
        (ex.misere && ex.misere.case === "nim"
          ? "misère Nim is decided by its endgame rule."
          : "the outcome is found by exhaustive search.")));
    }
    const terms = el("ul", { id: "analyse-terms", "aria-label": "Each component's value" });
    a.terms.forEach((t) => terms.append(el("li", {}, `${t.name}: value ${t.value === null ? "—" : t.value}`)));
    out.append(el("h2", { class: "small" }, "Components"), terms);
    const rows = ex.rows.map((r) => ({
      label: r.label,
      size: r.size !== undefined ? String(r.size) : r.args,
      value: r.value,
    }));
    out.append(el("h2", { class: "small" }, "Nim-sum in binary"), nimSumTable(rows, a.play === "normal"));
    const moves = el("ul", { class: "moves", id: "analyse-moves" });
    for (const m of ex.winning_moves) moves.append(el("li", {}, `${m.words}   (type: ${m.notation})`));
    out.append(el("h2", { class: "small" }, `Winning moves (${a.winning_moves.length}${a.winning_moves_truncated ? ", list cut short" : ""})`));
    if (ex.winning_moves.length === 0) moves.append(el("li", {}, "none: every move leaves the opponent a winning position"));
    out.append(moves);
  } catch (err) {
    if (request !== analyseRequest) return;
    out.replaceChildren();
    showError($("analyse-error"), err, expr);
  }
}
$("analyse-form").addEventListener("submit", (e) => { e.preventDefault(); analyse(); });
playToggles("analyse", analyse);

// ---------------------------------------------------------------- play

// `numbers` and `next`: the numbers the player types for the parts, kept
// stable through the game by the server (sent back with every request).
// `seen`: the ids of the positions met, sent back with each move (a
// position met a third time makes a loopy game a draw).
const game = { expr: null, numbers: null, next: null, misere: false, every: false, history: [], over: true, busy: false, turn: 0, seen: [], limit: "" };
const gameParams = () => ({ expr: game.expr, numbers: game.numbers.join(","), next: game.next, misere: game.misere, every: game.every, seen: game.seen.join(","), limit: game.limit });
const DRAW_MAX = 30;

function logLine(text, who) {
  $("game-log").append(el("li", { class: who || "" }, text));
}

function setStatus(text, over) {
  const s = $("play-status");
  s.textContent = text;
  s.classList.toggle("over", !!over);
}

function drawBoard(board) {
  const box = $("board");
  box.replaceChildren();
  box.dataset.turn = String(game.turn);
  for (const item of board) {
    if (item.picture) {
      box.append(drawPicture(item));
      continue;
    }
    if (item.size === undefined) {
      // Any part that is not a single heap: its family's own picture.
      box.append(el("div", { class: "heap-row other", "data-part": item.number },
        el("span", { class: "heap-label" }, `${item.label} (${item.name})`),
        el("pre", { class: "drawing" }, item.lines.join("\n"))));
      continue;
    }
    const size = big(item.size);
    const row = el("div", { class: "heap-row", "data-heap": item.number, "data-size": String(item.size) },
      el("span", { class: "heap-label", id: `heap-label-${item.number}` }, `heap ${item.number} (${item.name})`));
    if (size === 0n) {
      row.append(el("span", { class: "heap-size" }, "0 — empty"));
    } else if (size <= BigInt(DRAW_MAX)) {
      const tokens = el("span", { class: "tokens", role: "group", "aria-labelledby": `heap-label-${item.number}` });
      const n = Number(size);
      for (let i = 0; i < n; i++) {
        const take = n - i;
        const b = el("button", {
          type: "button",
          class: "token",
          "data-heap": item.number,
          "data-keep": i,
          "aria-label": `heap ${item.number}: take ${take} (token ${i + 1} to ${n}), leaving ${i}`,
          title: `take ${take}, leave ${i}`,
        }, String(i + 1));
        b.disabled = game.over;
        b.addEventListener("click", () => (game.every ? addToTurn(item.number, take) : playMove(`${item.number} ${take}`)));
        b.addEventListener("mouseenter", () => markFrom(tokens, i, true));
        b.addEventListener("mouseleave", () => markFrom(tokens, i, false));
        b.addEventListener("focus", () => markFrom(tokens, i, true));
        b.addEventListener("blur", () => markFrom(tokens, i, false));
        tokens.append(b);
      }
      row.append(tokens, el("span", { class: "heap-size" }, String(n)));
    } else {
      row.append(el("span", { class: "big-heap" }, `${item.size} tokens (type a move below)`));
    }
    box.append(row);
  }
}

/** A part drawn as a picture (a board, a graph, coins, a staircase) from
 *  its SVG: each move is made by clicking its items (`picks`). A click
 *  narrows the moves to those using every item clicked so far; when one
 *  is left and all its items are clicked it is played, else the items that
 *  continue a move are marked and the moves are offered as buttons (so a
 *  move of two items, such as a domino, always takes two clicks). A click
 *  that continues no move starts again from that item; a click on a
 *  selected item deselects it. */
function drawPicture(item) {
  const pic = item.picture;
  const labelId = `part-label-${item.number}`;
  const row = el("div", { class: "heap-row picture-row", "data-part": item.number, "data-kind": pic.kind },
    el("span", { class: "heap-label", id: labelId }, `${item.label} (${item.name})`));
  const box = el("div", { class: "picture-box" });
  box.innerHTML = pic.svg;
  const choices = el("div", { class: "pick-choices", "aria-live": "polite" });
  const column = el("div", { class: "picture-column" }, box, choices);
  row.append(column);
  const items = new Map();
  for (const g of box.querySelectorAll("[data-item]")) items.set(g.dataset.item, g);
  const clickable = new Set(pic.moves.flatMap((m) => m.picks));
  let selected = [];
  const candidates = () => pic.moves.filter((m) => selected.every((id) => m.picks.includes(id)));
  const choose = (m) => {
    selected = [];
    refresh();
    if (game.every) addMoveToTurn(m.move);
    else playMove(m.move);
  };
  function refresh() {
    const cands = selected.length ? candidates() : [];
    for (const [id, g] of items) {
      g.classList.toggle("selected", selected.includes(id));
      g.classList.toggle("next", !selected.includes(id) && cands.some((m) => m.picks.includes(id)));
    }
    choices.replaceChildren();
    if (selected.length === 0) return;
    choices.append(el("span", {}, cands.length > 12 ? "Click a marked one to finish the move, or: " : "Click a marked one to finish the move, or choose: "));
    for (const m of cands.slice(0, 12)) {
      const b = el("button", { type: "button", class: "pick-choice", "data-move": m.move }, m.words);
      b.addEventListener("click", () => choose(m));
      choices.append(b);
    }
    const cancel = el("button", { type: "button", class: "pick-cancel" }, "Cancel");
    cancel.addEventListener("click", () => { selected = []; refresh(); });
    choices.append(cancel);
  }
  function click(id) {
    if (game.over || game.busy || !clickable.has(id)) return;
    if (selected.includes(id)) {
      selected = selected.filter((x) => x !== id);
      refresh();
      return;
    }
    selected.push(id);
    if (candidates().length === 0) selected = [id];
    const cands = candidates();
    if (cands.length === 1 && cands[0].picks.every((p) => selected.includes(p))) {
      choose(cands[0]);
      return;
    }
    refresh();
  }
  for (const [id, g] of items) {
    if (!clickable.has(id) || game.over) continue;
    g.classList.add("clickable");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    const title = g.querySelector("title");
    if (title) g.setAttribute("aria-label", `${item.label}: ${title.textContent}`);
    g.addEventListener("click", () => click(id));
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        click(id);
      }
    });
  }
  return row;
}

/** Every-game play: a move chosen on a picture goes into the turn being
 *  typed, in place of an earlier move of its part. */
function addMoveToTurn(move) {
  const part = move.split(/\s+/)[0];
  const input = $("move-input");
  const pieces = input.value.split(";").map((p) => p.trim())
    .filter((p) => p && p.split(/[\s=]+/)[0] !== part);
  pieces.push(move);
  input.value = pieces.join("; ");
  input.focus();
}

/** Every-game play: a clicked token puts its heap's move into the turn being
 *  typed (in place of an earlier move of that heap); Play plays the turn. */
function addToTurn(heap, take) {
  const input = $("move-input");
  const pieces = input.value.split(";").map((p) => p.trim())
    .filter((p) => p && p.split(/[\s=]+/)[0] !== String(heap));
  pieces.push(`${heap} ${take}`);
  input.value = pieces.join("; ");
  input.focus();
}

function markFrom(tokens, i, on) {
  [...tokens.children].forEach((b, k) => b.classList.toggle("chosen", on && k >= i));
}

function finishState(state) {
  game.expr = state.position;
  game.numbers = state.numbers;
  game.next = state.next;
  game.over = state.over;
  game.seen = state.seen || [];
  game.turn++;
  drawBoard(state.board);
  $("board").dataset.position = state.position;
  $("board").dataset.over = String(state.over);
  if (state.over) {
    const text = state.draw ? `Game over: a draw (${state.draw}).`
      : state.winner === "you" ? "Game over: you win!" : "Game over: the computer wins.";
    setStatus(text, true);
    $("play-status").dataset.winner = state.draw ? "draw" : state.winner;
  } else {
    $("play-status").dataset.winner = "";
    setStatus(`${game.every ? "Your turn: a move in every part that can move (click tokens to build it, then Play)." : "Your move."} ${state.outcome === "N"
      ? "You can win from here (an N-position)."
      : state.outcome === "D"
        ? "Nobody can force a win from here (a draw, a D-position): keep it a draw."
        : "You are losing against perfect play (a P-position): wait for a mistake."}`);
  }
}

async function newGame() {
  const expr = $("play-expr").value;
  game.misere = $("play-misere").checked;
  game.every = $("play-every").checked;
  $("play-hint-text").textContent = "";
  $("move-input").value = "";
  try {
    game.limit = $("play-limit").value.trim();
    const state = await api("/api/game", { expr, misere: game.misere, every: game.every, limit: game.limit });
    clearError($("play-error"));
    game.history = [];
    game.turn = 0;
    $("game-log").replaceChildren();
    logLine(`New game: ${state.position} (${game.every ? "every-game" : game.misere ? "misère" : "normal"} play).`);
    finishState(state);
    if (!state.over && $("play-first").value === "computer") {
      await computerStarts();
    }
  } catch (err) {
    showError($("play-error"), err, expr);
  }
}

async function computerStarts() {
  const state = await api("/api/move", { ...gameParams(), computer: true });
  report(state);
}

function report(state) {
  if (state.you) logLine(`You: ${state.you.words}  (${state.you.notation})`, "you");
  if (state.computer) {
    const what = game.every ? "turn" : "move";
    logLine(`Computer: ${state.computer.words}  (${state.computer.notation})${state.computer.wins ? ` — a winning ${what}` : state.computer.draws ? " — it keeps the draw" : " — losing, it plays for the longest game"}`, "computer");
  }
  if (state.over) logLine(state.draw ? `A draw: ${state.draw}.` : state.winner === "you" ? "You win." : "The computer wins.");
  finishState(state);
}

async function playMove(move) {
  if (game.over || game.busy) return;
  game.busy = true;
  $("play-hint-text").textContent = "";
  setStatus("Your move is checked and the computer is thinking…");
  const before = gameParams();
  try {
    const state = await api("/api/move", { ...before, move });
    clearError($("play-error"));
    game.history.push(before);
    report(state);
    $("move-input").value = "";
  } catch (err) {
    setStatus("That move was refused; try another.");
    showError($("play-error"), err, move);
  } finally {
    game.busy = false;
  }
}

$("play-form").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
playToggles("play", newGame);
$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const move = $("move-input").value.trim();
  if (move) playMove(move);
});
$("play-hint").addEventListener("click", async () => {
  if (game.over) return;
  const turn = game.turn;
  $("play-hint-text").textContent = "Thinking…";
  try {
    const h = await api("/api/hint", gameParams());
    if (turn !== game.turn || game.busy) return; // the position is changing or changed
    $("play-hint-text").textContent = h.move
      ? `Hint: ${h.wins ? "play" : h.draws ? "keep the draw with" : "no winning move; best try"} ${h.move.notation} (${h.move.words}): ${h.why}.`
      : "No move is left.";
  } catch (err) {
    showError($("play-error"), err, game.expr);
  }
});
$("play-undo").addEventListener("click", async () => {
  if (game.history.length === 0) {
    $("play-hint-text").textContent = "Nothing to undo yet.";
    return;
  }
  const before = game.history.pop();
  const state = await api("/api/game", before);
  logLine("Undo: took back your last move and the computer's answer.");
  finishState(state);
});

// ---------------------------------------------------------------- explain

function optionText(o) {
  const left = o.leaves.length === 0 ? "nothing" : o.leaves.join(" + ");
  return `${left} → ${o.value}`;
}

// Each explanation request is numbered; a reply to an older one (the page's
// first explanation, say, answered after the one just typed) is dropped.
let explainRequest = 0;

async function explainPosition() {
  const expr = $("explain-expr").value;
  const misere = $("explain-misere").checked;
  const every = $("explain-every").checked;
  const out = $("explain-result");
  const request = ++explainRequest;
  try {
    const e = await api("/api/explain", { expr, misere, every });
    if (request !== explainRequest) return;
    clearError($("explain-error"));
    out.replaceChildren();
    if (e.play === "every") {
      out.append(verdictLine(e.outcome, e.play, "explain-verdict"), ...everyAccount(e, "explain"));
      return;
    }
    const s1 = el("div", { class: "step", id: "explain-step1" },
      el("h3", {}, "Step 1. Each part's Grundy value: the mex (least value not among them) of its options' values."));
    for (const r of e.rows) {
      const p = el("div", { class: "mex" });
      const head = r.size !== undefined ? `${r.label}, size ${r.size}: ` : `${r.label}, ${r.name}(${r.args}): `;
      const g = r.size !== undefined ? `G(${r.size})` : "G";
      if (r.mex) {
        const opts = el("span", { class: "opts" });
        if (r.mex.options.length === 0) opts.append(el("span", { class: "opt" }, "no move"));
        for (const o of r.mex.options) opts.append(el("span", { class: "opt", title: o.words }, optionText(o)));
        p.append(el("strong", {}, head), "options ", opts,
          ` → values {${r.mex.values.join(", ")}}, so ${g} = mex{${r.mex.values.join(", ")}} = `,
          el("span", { class: "mexval" }, String(r.value)));
      } else {
        p.append(el("strong", {}, head),
          r.value === null ? "its value is not known (only who wins)" : `${g} = ${r.value}`,
          r.reason ? ` (${r.reason})` : "");
      }
      s1.append(p);
    }
    const rows = e.rows.map((r) => ({ label: r.label, size: r.size !== undefined ? String(r.size) : r.args, value: r.value }));
    const s2 = el("div", { class: "step" },
      el("h3", {}, "Step 2. The nim-sum: write the values in binary; a column gives 1 when it holds an odd number of 1s."),
      nimSumTable(rows, e.play === "normal"));
    const s3 = el("div", { class: "step" }, el("h3", {}, "Step 3. Who wins."), verdictLine(e.outcome, e.play, "explain-verdict"));
    if (e.misere && e.misere.case === "nim") {
      s3.append(el("p", {}, e.misere.big === 0
        ? `Misère Nim with only heaps of 0 and 1: ${e.misere.ones} heap(s) of 1; the player to move wins exactly when that number is even.`
        : `Misère Nim with ${e.misere.big} heap(s) of 2 or more: play as in normal Nim, except that the move leaving only heaps of 0 and 1 must leave an odd number of 1-heaps.`));
    } else if (e.misere) {
      s3.append(el("p", {}, "Misère play has no nim-sum rule for this sum; an exhaustive search of the game tree decides."));
    } else {
      s3.append(el("p", {}, big(e.nim_sum) === 0n
        ? "The nim-sum is 0: every move changes one value and so makes it non-zero, and the opponent can always move back to 0."
        : `The nim-sum is ${e.nim_sum} ≠ 0: some move makes it 0, and from 0 every move makes it non-zero again.`));
    }
    const s4 = el("div", { class: "step", id: "explain-step4" }, el("h3", {}, "Step 4. The winning move."));
    if (e.derivation) {
      const d = e.derivation;
      s4.append(el("p", {}, `The highest 1 of the nim-sum ${e.nim_sum} is bit ${d.bit}. ${e.rows[d.row].label} has it in its value ${d.from_value}, so ${d.from_value} ⊕ ${e.nim_sum} = ${d.to_value} < ${d.from_value}: moving it to value ${d.to_value} makes the nim-sum 0.`));
      const ul = el("ul", { class: "moves" });
      d.moves.forEach((m) => ul.append(el("li", {}, `${m.notation}  —  ${m.words}`)));
      s4.append(ul);
    } else if (e.winning_moves.length === 0) {
      s4.append(el("p", {}, e.outcome === "P" ? "There is none: every move leaves the opponent a winning position." : "The player to move has no move at all, and under misère play that is a win."));
    }
    if (e.winning_moves.length > 0 && (e.play === "misere" || e.winning_moves.length > 1)) {
      const ul = el("ul", { class: "moves" });
      e.winning_moves.forEach((m) => ul.append(el("li", {}, `${m.notation}  —  ${m.words}`)));
      s4.append(el("p", {}, `All winning moves (${e.winning_moves.length}${e.winning_moves_truncated ? ", list cut short" : ""}):`), ul);
    }
    out.append(s1, s2, s3, s4);
  } catch (err) {
    if (request !== explainRequest) return;
    out.replaceChildren();
    showError($("explain-error"), err, expr);
  }
}
$("explain-form").addEventListener("submit", (e) => { e.preventDefault(); explainPosition(); });
playToggles("explain", explainPosition);

// ---------------------------------------------------------------- sequences

const seq = { rule: null, to: 0, values: null, period: null, preperiod: null, svg: null, proof: null };
const TABLE_MAX = 2000;

async function plotSequence() {
  const rule = $("seq-rule").value;
  const to = $("seq-to").value.trim() || "100";
  try {
    const s = await api("/api/seq", { rule, to });
    clearError($("seq-error"));
    Object.assign(seq, { rule, to: Number(to), values: s.values, period: s.period, preperiod: s.preperiod, proof: s.proof, name: s.rule });
    $("zoom-from").value = 0;
    $("zoom-to").value = to;
    const proof = s.proof && s.proof.kind === "guy_smith"
      ? `, proved by the Guy–Smith theorem (G(n + ${s.period}) = G(n) checked for ${s.proof.window_start} ≤ n < ${s.proof.window_end})`
      : s.proof ? ", proved by its closed form" : "";
    $("seq-summary").textContent = s.period !== null
      ? `${s.rule}: period ${s.period} from heap ${s.preperiod}${proof}.`
      : `${s.rule}: no period proved.`;
    const hist = await api("/api/histogram", { rule, to }, true);
    $("histogram").innerHTML = hist;
    await drawPlot(0, Number(to));
    $("download-csv").disabled = false;
  } catch (err) {
    showError($("seq-error"), err, err.at || err.message.includes("rule") ? rule : null);
  }
}

async function drawPlot(from, to) {
  const svg = await api("/api/plot", { rule: seq.rule, to, from }, true);
  seq.svg = svg;
  seq.zoom = [from, to];
  $("plot").innerHTML = svg;
  $("download-svg").disabled = false;
  drawTable(from, to);
}

function drawTable(from, to) {
  const box = $("seq-table");
  box.replaceChildren();
  const last = Math.min(to, from + TABLE_MAX - 1);
  const table = el("table", { id: "values-table" });
  table.append(el("caption", {}, `G(n) for n = ${from} to ${last}` + (last < to ? ` (the first ${TABLE_MAX}; download the CSV for all)` : "")));
  const head = el("tr", {}, el("th", { scope: "col" }, "n"));
  for (let k = 0; k < 10; k++) head.append(el("th", { scope: "col" }, "+" + k));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (let start = from - (from % 10); start <= last; start += 10) {
    const tr = el("tr", {}, el("th", { scope: "row" }, String(start)));
    for (let k = 0; k < 10; k++) {
      const n = start + k;
      tr.append(el("td", {}, n >= from && n <= last ? String(seq.values[n]) : ""));
    }
    body.append(tr);
  }
  table.append(body);
  box.append(table);
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

$("seq-form").addEventListener("submit", (e) => { e.preventDefault(); plotSequence(); });
$("zoom-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (!seq.values) return;
  const from = Math.max(0, Number($("zoom-from").value) || 0);
  const to = Math.min(seq.to, Number($("zoom-to").value) || 0);
  if (from > to) {
    showError($("seq-error"), new ApiError(`the zoom range ${from} to ${to} is empty (at most N = ${seq.to})`));
    return;
  }
  try {
    clearError($("seq-error"));
    await drawPlot(from, to);
  } catch (err) {
    showError($("seq-error"), err);
  }
});
$("zoom-reset").addEventListener("click", () => {
  if (!seq.values) return;
  $("zoom-from").value = 0;
  $("zoom-to").value = seq.to;
  drawPlot(0, seq.to);
});
$("download-svg").addEventListener("click", () => {
  if (seq.svg) download(`grundy-${seq.name}-${seq.zoom[0]}-${seq.zoom[1]}.svg`, "image/svg+xml", seq.svg);
});
$("download-csv").addEventListener("click", () => {
  if (!seq.values) return;
  const lines = ["n,G(n)"];
  seq.values.forEach((v, n) => lines.push(`${n},${v}`));
  download(`grundy-${seq.name}-0-${seq.to}.csv`, "text/csv", lines.join("\n") + "\n");
});

// ---------------------------------------------------------------- start

analyse();
newGame();
explainPosition();
plotSequence();
