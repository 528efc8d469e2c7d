// End-to-end tests of `grundy serve` in a real headless Chromium (Debian's
// /usr/bin/chromium), driven by playwright-core. Run by
// crates/cli/tests/browser.rs from `cargo test`, which starts the server and
// passes its address in GRUNDY_URL; run by hand, set GRUNDY_BIN to a built
// `grundy` instead (`GRUNDY_BIN=target/debug/grundy npm test`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SCREENSHOT_DIR || null;
let server = null;
let url = process.env.GRUNDY_URL;
let browser;
let profile;

before(async () => {
  if (!url) {
    const bin = process.env.GRUNDY_BIN;
    assert.ok(bin, "set GRUNDY_URL (a running server) or GRUNDY_BIN (a grundy binary)");
    server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    url = await new Promise((resolve, reject) => {
      let text = "";
      server.stdout.on("data", (d) => {
        text += d;
        const m = text.match(/http:\/\/\S+\//);
        if (m) resolve(m[0]);
      });
      server.on("exit", (code) => reject(new Error(`grundy serve exited with ${code}`)));
    });
  }
  profile = mkdtempSync(join(tmpdir(), "grundy-chromium-"));
  // A fresh, empty profile directory (Chromium's --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 900 },
    acceptDownloads: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function openPage() {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // Refused requests (HTTP 400) are expected where the tests type bad input.
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 400/.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  // The page analyses its example at load.
  await page.waitForSelector("#analyse-verdict");
  return { page, errors };
}

// The ids used more than once on the page (an id must be unique).
async function duplicateIds(page) {
  return page.evaluate(() => {
    const seen = new Set();
    const twice = new Set();
    for (const e of document.querySelectorAll("[id]")) (seen.has(e.id) ? twice : seen).add(e.id);
    return [...twice];
  });
}

async function shot(page, locator, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.locator(locator).screenshot({ path: join(SHOTS, name) });
}

test("analyse: typed expression, nim-sum table with the deciding column, winning moves, errors at the column", async () => {
  const { page, errors } = await openPage();
  await page.fill("#analyse-expr", "nim(3,4,5)");
  await page.press("#analyse-expr", "Enter");
  // The page analyses its default position on load; wait for the typed one.
  await page.waitForFunction(() => {
    const terms = document.querySelectorAll("#analyse-terms li");
    return terms.length === 1 && terms[0].textContent === "nim: value 2";
  });
  assert.match(await page.textContent("#analyse-verdict"), /player to move wins/);
  // Three heaps and the nim-sum row; 3 bit columns; the deciding one is 2^1.
  assert.equal(await page.locator("#analyse-result table.nimsum tbody tr").count(), 4);
  const decide = await page.locator("#analyse-result th.decide").textContent();
  assert.equal(decide, "▼2^1");
  const sumBits = await page.locator("#analyse-result tr.sum td.bit").allTextContents();
  assert.deepEqual(sumBits, ["0", "1", "0"]);
  const moves = await page.locator("#analyse-moves li").allTextContents();
  assert.equal(moves.length, 1);
  assert.match(moves[0], /take 2 from heap 1/);
  assert.match(moves[0], /type: 1 2/);

  // A bad expression: the message and a caret under column 7 (the '-').
  await page.fill("#analyse-expr", "nim(3,-4)");
  await page.press("#analyse-expr", "Enter");
  await page.waitForSelector("#analyse-error:not([hidden])");
  const box = await page.textContent("#analyse-error pre");
  assert.equal(box, "nim(3,-4)\n      ^");
  assert.match(await page.textContent("#analyse-error .message"), /negative numbers are not allowed.*column 7/);
  // The caret block is shown once, not again inside the message.
  assert.doesNotMatch(await page.textContent("#analyse-error .message"), /\^|nim\(3/);
  assert.equal((await page.textContent("#analyse-error")).split("nim(3,-4)").length, 2);

  // Misère toggles the answer: nim(1,1) is lost normally, won in misère.
  await page.fill("#analyse-expr", "nim(1,1)");
  await page.press("#analyse-expr", "Enter");
  await page.waitForFunction(() => /loses/.test(document.querySelector("#analyse-verdict")?.textContent));
  await page.check("#analyse-misere");
  await page.waitForFunction(() => /wins/.test(document.querySelector("#analyse-verdict")?.textContent));
  assert.match(await page.textContent("#analyse-verdict"), /Misère/);
  await page.uncheck("#analyse-misere");
  await page.waitForFunction(() => /loses/.test(document.querySelector("#analyse-verdict")?.textContent));
  // Every-game play: nim(1,1) is won (both heaps emptied in one turn, one
  // step each); ticking it unticks misère.
  await page.check("#analyse-misere");
  await page.check("#analyse-every");
  assert.equal(await page.isChecked("#analyse-misere"), false);
  await page.waitForFunction(() => /Every-game/.test(document.querySelector("#analyse-verdict")?.textContent));
  assert.match(await page.textContent("#analyse-verdict"), /wins/);
  const steps = await page.locator("#analyse-every-steps li").allTextContents();
  assert.equal(steps.length, 2);
  assert.match(steps[0], /heap 1 \(nim\(1\)\): 1 step /);
  assert.equal(await page.locator("#analyse-every-turn li").count(), 2);
  await page.uncheck("#analyse-every");

  // Huge heaps stay exact (beyond 2^53).
  await page.fill("#analyse-expr", "nim(18446744073709551615, 1)");
  await page.press("#analyse-expr", "Enter");
  await page.waitForFunction(() => /18446744073709551614/.test(document.querySelector("#analyse-moves")?.textContent));

  // The screenshot for the README.
  await page.fill("#analyse-expr", "nim(3,4,5) + kayles(10) + 0.07(12)");
  await page.press("#analyse-expr", "Enter");
  await page.waitForFunction(() => document.querySelectorAll("#analyse-terms li").length === 3);
  await shot(page, "main", "analyse.png");
  assert.deepEqual(errors, []);
  await page.close();
});

/** Who wins Nim (normal or misère) when `sizes` is to move: true if the
 *  player to move wins. Written from the theorems, independently of the server. */
function moverWins(sizes, misere) {
  const x = sizes.reduce((a, b) => a ^ b, 0);
  if (!misere) return x !== 0;
  if (sizes.some((s) => s >= 2)) return x !== 0;
  return sizes.filter((s) => s === 1).length % 2 === 0;
}

async function boardSizes(page) {
  return page.$$eval("#board .heap-row[data-size]", (rows) => rows.map((r) => Number(r.dataset.size)));
}

/** Plays a whole game by clicking tokens (a pseudo-random one each turn);
 *  checks after every computer move that it never lets a won position go. */
async function playByClicks(page, seed) {
  let rng = seed;
  const random = (n) => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };
  const misere = await page.isChecked("#play-misere");
  let computerHadWin = false;
  for (let turn = 0; turn < 100; turn++) {
    if ((await page.getAttribute("#board", "data-over")) === "true") break;
    const sizes = await boardSizes(page);
    const tokens = page.locator("#board button.token");
    const count = await tokens.count();
    assert.ok(count > 0, "a game not over has tokens to click");
    const pick = tokens.nth(random(count));
    const heap = Number(await pick.getAttribute("data-heap"));
    const keep = Number(await pick.getAttribute("data-keep"));
    const after = sizes.slice();
    after[heap - 1] = keep;
    // The computer moves from `after`: a win for it there must be kept.
    if (after.some((s) => s > 0) && moverWins(after, misere)) computerHadWin = true;
    const turnBefore = await page.getAttribute("#board", "data-turn");
    await pick.click();
    await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turnBefore);
    const now = await boardSizes(page);
    if ((await page.getAttribute("#board", "data-over")) !== "true" && computerHadWin) {
      // After a won position the computer always hands back a lost one.
      assert.equal(moverWins(now, misere), false, `computer left a won position ${now}`);
    }
  }
  assert.equal(await page.getAttribute("#board", "data-over"), "true", "the game ended");
  const winner = await page.getAttribute("#play-status", "data-winner");
  if (computerHadWin) assert.equal(winner, "computer", "the computer never loses a won position");
  return { winner, computerHadWin };
}

test("play: a full game by clicking tokens, normal and misère; hint, undo, typed moves", async () => {
  const { page, errors } = await openPage();
  await page.click("#tab-play");
  // nim(1,2,3) is lost for the player to move: the computer must win.
  await page.fill("#play-expr", "nim(1,2,3)");
  await page.click("#play-new");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(1,2,3)");
  let r = await playByClicks(page, 7);
  assert.equal(r.winner, "computer");
  assert.ok(r.computerHadWin);
  assert.ok((await page.locator("#game-log li.computer").count()) >= 1);

  // Misère: the same position by the other rule, to the end.
  await page.fill("#play-expr", "nim(2,2,1)");
  await page.check("#play-misere");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(2,2,1)"
    && /misère/.test(document.querySelector("#game-log").textContent));
  r = await playByClicks(page, 11);
  assert.ok(["you", "computer"].includes(r.winner));

  // A won position for the user: the hint gives the winning move; typing it works; undo restores.
  await page.uncheck("#play-misere");
  await page.fill("#play-expr", "nim(3,4,5)");
  await page.click("#play-new");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(3,4,5)"
    && !/misère/.test(document.querySelector("#game-log").textContent));
  await page.click("#play-hint");
  await page.waitForFunction(() => /Hint: play 1 2/.test(document.querySelector("#play-hint-text").textContent));
  const turn = await page.getAttribute("#board", "data-turn");
  await page.fill("#move-input", "1 2");
  await page.press("#move-input", "Enter");
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turn);
  const afterMove = await page.getAttribute("#board", "data-position");
  assert.notEqual(afterMove, "nim(3,4,5)");
  assert.match(await page.textContent("#game-log"), /You: take 2 from heap 1/);
  // An illegal typed move is refused with the command line's words.
  await page.fill("#move-input", "9 1");
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#play-error:not([hidden])");
  assert.match(await page.textContent("#play-error"), /there is no heap 9/);
  await page.click("#play-undo");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(3,4,5)");
  // Keyboard: a token is a button reachable and pressable from the keyboard.
  await page.focus("#board button.token >> nth=0");
  const t2 = await page.getAttribute("#board", "data-turn");
  await page.keyboard.press("Enter");
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, t2);

  // Every-game play: tokens build the turn (a move in every heap), Play
  // plays it; emptying both heaps at once is the last move.
  await page.fill("#play-expr", "nim(1,2)");
  await page.check("#play-every");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(1,2)"
    && /every-game/.test(document.querySelector("#game-log").textContent));
  await page.click('#board button.token[data-heap="1"][data-keep="0"]');
  await page.click('#board button.token[data-heap="2"][data-keep="1"]');
  await page.click('#board button.token[data-heap="2"][data-keep="0"]');
  assert.equal(await page.inputValue("#move-input"), "1 1; 2 2");
  await page.press("#move-input", "Enter");
  await page.waitForFunction(() => document.querySelector("#board").dataset.over === "true");
  assert.equal(await page.getAttribute("#play-status", "data-winner"), "you");
  // A turn that leaves a part out is refused with the command line's words.
  await page.fill("#play-expr", "nim(2,3)");
  await page.click("#play-new");
  await page.waitForFunction(() => document.querySelector("#board").dataset.position === "nim(2,3)");
  await page.fill("#move-input", "1 1");
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#play-error:not([hidden])");
  assert.match(await page.textContent("#play-error"), /heap 2 is missing/);
  await page.uncheck("#play-every");
  assert.deepEqual(errors, []);
  await page.close();
});

/** Plays a whole game on the pictures by clicking: a random clickable item,
 *  then (when the move needs more) a marked next item or an offered move.
 *  Returns the winner. */
async function playPictures(page, seed) {
  let rng = seed;
  const random = (n) => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };
  for (let turn = 0; turn < 60; turn++) {
    if ((await page.getAttribute("#board", "data-over")) === "true") break;
    const turnBefore = await page.getAttribute("#board", "data-turn");
    const items = page.locator("#board .picture .item.clickable");
    const count = await items.count();
    assert.ok(count > 0, "a game not over has something to click");
    await items.nth(random(count)).click();
    for (let k = 0; k < 6; k++) {
      await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t
        || document.querySelector("#board .pick-choice"), turnBefore);
      if ((await page.getAttribute("#board", "data-turn")) !== turnBefore) break;
      const next = page.locator("#board .picture .item.next");
      const n = await next.count();
      if (n > 0 && random(2) === 0) await next.nth(random(n)).click();
      else {
        const offered = page.locator("#board .pick-choice");
        await offered.nth(random(await offered.count())).click();
      }
    }
    await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turnBefore);
  }
  assert.equal(await page.getAttribute("#board", "data-over"), "true", "the game ended");
  return page.getAttribute("#play-status", "data-winner");
}

async function newPictureGame(page, expr, kind) {
  await page.fill("#play-expr", expr);
  await page.click("#play-new");
  await page.waitForFunction((e) => document.querySelector("#board").dataset.position === e, expr);
  assert.ok((await page.locator(`#board .picture-row[data-kind="${kind}"]`).count()) >= 1, `${expr} is drawn as ${kind}`);
}

test("play: boards, graphs, coins and staircases are pictures, played by clicking", async () => {
  const { page, errors } = await openPage();
  await page.click("#tab-play");
  // Lost positions for the player to move, one of each kind of picture:
  // the computer must win each by clicks alone.
  const games = [
    ["hackenbush(1-2 1-3)", "graph"],
    ["wythoff(1,2)", "grid"],
    ["chomp(2,1)", "grid"],
    ["turtles(1,4-5)", "coins"],
    ["nodekayles(1-2,3-4)", "graph"],
    ["arckayles(1-2,3-4)", "graph"],
  ];
  for (const [i, [expr, kind]] of games.entries()) {
    await newPictureGame(page, expr, kind);
    assert.equal(await playPictures(page, 3 + i), "computer", `${expr}: the computer wins a lost position`);
  }
  // A Hackenbush edge: clicking it cuts it (and what hangs from it falls).
  await newPictureGame(page, "hackenbush(1-2 2-3 1-4)", "graph");
  assert.equal(await page.locator("#board .picture .edge.clickable").count(), 3);
  let turn = await page.getAttribute("#board", "data-turn");
  await page.click('#board [data-item="edge-0"]');
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turn);
  assert.match(await page.textContent("#game-log"), /You: graph 1: cut edge 1-2 \(1 more edge falls\)/);
  // Wythoff: the queen goes to the square clicked.
  await newPictureGame(page, "wythoff(3,5)", "grid");
  turn = await page.getAttribute("#board", "data-turn");
  // Piles (1, 0) cannot be reached from (3, 5); (3, 0) can.
  assert.equal(await page.locator('#board [data-item="cell-5-1"].clickable').count(), 0);
  await page.click('#board [data-item="cell-5-3"]'); // the bottom row, x = 3
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turn);
  assert.match(await page.textContent("#game-log"), /You: game 1: take 5 from pile 2, leaving wythoff\(3,0\)/);
  // A monk and the step it walks to: two clicks; the first marks the steps
  // it can reach and offers its moves.
  await newPictureGame(page, "stairs(1,4,7,10)", "stairs");
  turn = await page.getAttribute("#board", "data-turn");
  await page.click('#board [data-item="step-1"]');
  await page.waitForSelector("#board .pick-choice");
  assert.deepEqual(await page.$$eval("#board .picture .item.next", (g) => g.map((x) => x.dataset.item)), ["step-2", "step-3"]);
  await page.click('#board [data-item="step-3"]');
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turn);
  assert.match(await page.textContent("#game-log"), /You: move the monk on step 1 up to step 3/);
  assert.equal(await playPictures(page, 5), "computer");
  // Coins: the turned coin shows tails afterwards (the whole row to the end).
  await newPictureGame(page, "turtles(2,7)", "coins");
  assert.equal(await page.locator("#board .picture .coin.heads").count(), 2);
  await shot(page, "#board", "play-pictures.png");
  assert.deepEqual(errors, []);
  await page.close();
});

test("play: a Cram domino is placed by clicking its two cells", async () => {
  const { page, errors } = await openPage();
  await page.click("#tab-play");
  await newPictureGame(page, "cram(2x3)", "grid");
  const items = (sel) => page.$$eval(`#board .picture ${sel}`, (g) => g.map((x) => x.dataset.item).sort());
  const turnIs = async (t) => assert.equal(await page.getAttribute("#board", "data-turn"), t);
  // Every cell is free and clickable, named as moves are typed.
  assert.equal((await items(".cell.free.clickable")).length, 6);
  assert.deepEqual(await page.$$eval("#board .picture .axis", (t) => t.map((x) => x.textContent)), ["1", "2", "a", "b", "c"]);
  const turn = await page.getAttribute("#board", "data-turn");
  // The first click selects a cell, marks the cells beside it and offers
  // both dominoes; nothing is played yet.
  await page.click('#board [data-item="cell-0-0"]');
  await page.waitForSelector("#board .pick-choice");
  assert.deepEqual(await items(".item.selected"), ["cell-0-0"]);
  assert.deepEqual(await items(".item.next"), ["cell-0-1", "cell-1-0"]);
  assert.deepEqual(await page.$$eval("#board .pick-choice", (b) => b.map((x) => x.textContent).sort()),
    ["board 1: a domino on a1-a2", "board 1: a domino on a1-b1"]);
  await turnIs(turn);
  await shot(page, "#board", "play-cram.png");
  // A cell not beside it starts again from there; clicking it again
  // unselects it.
  await page.click('#board [data-item="cell-1-2"]');
  assert.deepEqual(await items(".item.selected"), ["cell-1-2"]);
  assert.deepEqual(await items(".item.next"), ["cell-0-2", "cell-1-1"]);
  await page.click('#board [data-item="cell-1-2"]');
  assert.deepEqual(await items(".item.selected"), []);
  assert.equal(await page.locator("#board .pick-choice").count(), 0);
  await turnIs(turn);
  // Two side-by-side cells place the domino (a1-a2 leaves a 2x2 board, a
  // lost position for the computer, which places one domino on it).
  await page.click('#board [data-item="cell-0-0"]');
  await page.click('#board [data-item="cell-1-0"]');
  await page.waitForFunction((t) => document.querySelector("#board").dataset.turn !== t, turn);
  assert.match(await page.textContent("#game-log"), /You: board 1: a domino on a1-a2 +\(1 a1-a2\)/);
  assert.match(await page.textContent("#game-log"), /Computer: board 1: a domino on/);
  // One domino is left: two free cells.
  const free = await items(".cell.free");
  assert.equal(free.length, 2);
  assert.equal(await page.locator("#board .picture .cell.clickable").count(), 2);
  // Even a domino that is the only one left takes two clicks.
  const second = await page.getAttribute("#board", "data-turn");
  await page.click(`#board [data-item="${free[0]}"]`);
  await page.waitForSelector("#board .pick-choice");
  assert.deepEqual(await items(".item.next"), [free[1]]);
  await turnIs(second);
  await page.click(`#board [data-item="${free[1]}"]`);
  await page.waitForFunction(() => document.querySelector("#board").dataset.over === "true");
  assert.equal(await page.getAttribute("#play-status", "data-winner"), "you");
  assert.deepEqual(errors, []);
  await page.close();
});

test("explain: the mex of each small heap over its options", async () => {
  const { page, errors } = await openPage();
  await page.click("#tab-explain");
  await page.fill("#explain-expr", "kayles(4)");
  await page.press("#explain-expr", "Enter");
  // The page explains its default position on load; wait for the typed one
  // (one part only), not that first answer.
  await page.waitForFunction(() => {
    const step1 = document.querySelector("#explain-step1");
    return /heap 1 \(kayles\), size 4/.test(step1?.textContent) && step1.querySelectorAll(".mex").length === 1;
  });
  const step1 = await page.textContent("#explain-step1");
  // Kayles: from 4, leave 3 (3), 2 (2), 1+2 (3), 1+1 (0): G(4) = mex{0,2,3} = 1.
  assert.match(step1, /G\(4\) = mex\{0, 2, 3\} = 1/);
  assert.equal(await page.locator("#explain-step1 .opt").count(), 4);
  assert.match(await page.textContent("#explain-step4"), /1 = 1 1 +— +heap 1: remove 2 from the heap of 4 and split the rest into 1 and 1/);
  assert.deepEqual(await duplicateIds(page), []);
  // Every-game play: each part's steps from its options' steps.
  await page.check("#explain-every");
  await page.waitForFunction(() => document.querySelectorAll("#explain-every-steps li").length === 1);
  // kayles(4): its options last 1 or 2 steps; 2 is even (a loss for whoever
  // faces it), so 1 + 2 = 3 steps, won by the player to move.
  assert.match(await page.textContent("#explain-every-steps"), /heap 1 \(kayles\(4\)\): 3 steps — its options have steps 1, 2;/);
  assert.equal(await page.locator("#explain-every-steps .opt").count(), 4);
  assert.match(await page.textContent("#explain-verdict"), /Every-game/);
  // Both panels are drawn (the page analysed its example at load): each has
  // its own verdict, in every mode.
  assert.match(await page.textContent("#analyse-verdict"), /player to move/);
  assert.deepEqual(await duplicateIds(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("sequences: plot with the proved period marked, zoom, histogram, table", async () => {
  const { page, errors } = await openPage();
  await page.click("#tab-seq");
  await page.fill("#seq-rule", "kayles");
  await page.fill("#seq-to", "100");
  await page.click("#seq-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#plot svg")?.dataset.points === "101");
  assert.equal(await page.locator("#plot svg circle.pt").count(), 101);
  // The largest value (8) has its tick label.
  assert.equal(await page.textContent("#plot svg .top-tick"), "8");
  assert.equal(await page.getAttribute("#plot svg .period-mark", "data-start"), "71");
  assert.equal(await page.getAttribute("#plot svg .period-mark", "data-end"), "83");
  assert.match(await page.textContent("#plot svg .preperiod-mark"), /preperiod 71/);
  assert.match(await page.textContent("#seq-summary"), /period 12 from heap 71/);
  // The histogram over heaps 1..100 has a bar per value 0..8.
  assert.equal(await page.locator("#histogram svg rect.bar").count(), 9);
  await shot(page, "#panel-seq", "sequence-plot.png");
  // The table view lists G(0..100).
  await page.click("#seq-table-box summary");
  assert.equal(await page.locator("#values-table tbody td").filter({ hasText: /\d/ }).count(), 101);

  // Zoom to 60..90: 31 points, the preperiod line at 71 still shown.
  await page.fill("#zoom-from", "60");
  await page.fill("#zoom-to", "90");
  await page.click("#zoom-form button[type=submit]");
  await page.waitForFunction(() => document.querySelector("#plot svg")?.dataset.points === "31");
  assert.equal(await page.locator("#plot svg circle.pt").count(), 31);
  assert.equal(await page.locator("#plot svg .preperiod-mark").count(), 1);

  // A CSV download with every value.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-csv")]);
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const csv = readFileSync(path, "utf8").trim().split("\n");
  assert.equal(csv[0], "n,G(n)");
  assert.equal(csv.length, 102);
  assert.equal(csv[72], "71,7");

  // A bad rule: the error names it.
  await page.fill("#seq-rule", "0.7x");
  await page.click("#seq-form button[type=submit]");
  await page.waitForSelector("#seq-error:not([hidden])");
  assert.match(await page.textContent("#seq-error"), /column 4/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a phone's width (390 px): every tab is on screen, nothing scrolls sideways", async () => {
  const { page, errors } = await openPage();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ["#tab-analyse", "#tab-play", "#tab-explain", "#tab-seq"]) {
    const box = await page.locator(tab).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${tab} fits: ${JSON.stringify(box)}`);
  }
  await page.click("#tab-seq");
  assert.equal(await page.getAttribute("#tab-seq", "aria-selected"), "true");
  await page.click("#tab-play");
  await page.waitForSelector("#board .heap-row");
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scroll");
  assert.deepEqual(errors, []);
  await page.close();
});
