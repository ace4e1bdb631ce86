// Linkage drawn as itself for `meeple server` (see docs/server.md, "A game's own renderer").
//
// The 7×7 board with its coordinates (row, column, as the narration writes them): every piece in
// its colour AND its letter, the black blocker, the last piece placed (the green counter) ringed,
// and the cells it forbids (rule 3: no cell sharing an edge with it) crossed out. You move by
// touching: pick a colour, click a cell, then one of its neighbours; the balanced variant's
// blocker is placed by clicking a cell.
const COLOURS = { W: "white", B: "blue", R: "red", Y: "yellow" };
const SIZE = 7;

const key = ([row, col]) => `${row},${col}`;
const neighbours = ([row, col]) => [[row - 1, col], [row + 1, col], [row, col - 1], [row, col + 1]];

export function Board({ update, play, kit, seatName }) {
  const { html, useState, MoveButton, movesOf } = kit;
  const f = update.view.fields;
  const places = movesOf(update, "place");
  const blockerMoves = new Map(movesOf(update, "place_blocker").map((m) => [key(m.action.cell), m]));
  const others = update.legal.filter((m) => m.action.type === "pass" || m.action.type === "choose_side");
  const supply = new Map(f.supply.counts);
  const usable = Object.keys(COLOURS).filter((c) => places.some((m) => m.action.colour === c));
  const [picked, setPicked] = useState(null);
  const [first, setFirst] = useState(null);
  const [at, setAt] = useState(update.ply);
  if (at !== update.ply) { setAt(update.ply); setFirst(null); }
  const colour = usable.includes(picked) ? picked : usable[0];
  const mine = places.filter((m) => m.action.colour === colour);
  const startable = new Set(mine.flatMap((m) => m.action.cells.map(key)));
  const partners = new Map();  // the second cells that finish a placement from `first`
  if (first) for (const m of mine) {
    const [a, b] = m.action.cells.map(key);
    if (a === first) partners.set(b, m); else if (b === first) partners.set(a, m);
  }
  const green = new Set((f.green || []).map(key));
  const blocker = f.blocker ? key(f.blocker) : null;
  const forbidden = new Set((f.green || []).flatMap(neighbours).map(key).filter((k) => !green.has(k) && k !== blocker));
    const side = (s) => (f.more === null || f.more === undefined ? "" : s === f.more ? "More (12+ groups wins)" : "Fewer (11 or fewer wins)");

  const click = (k) => {
    if (blockerMoves.has(k)) return play(blockerMoves.get(k).action);
    if (partners.has(k)) return play(partners.get(k).action);
    setFirst(first === k || !startable.has(k) ? null : k);
  };

  const cell = (row, col) => {
    const k = `${row},${col}`;
    const piece = f.board.cells[row * SIZE + col];
    const states = [];
    if (piece) states.push(COLOURS[piece] || piece);
    if (k === blocker) states.push("black blocker");
    if (green.has(k)) states.push("the last piece placed");
    if (!piece && forbidden.has(k)) states.push("forbidden: touches the last piece");
    if (k === first) states.push("selected");
    if (partners.has(k)) states.push(`place ${COLOURS[colour]} here`);
    if (!piece && !states.length) states.push("empty");
    const active = blockerMoves.has(k) || partners.has(k) || (update.owes && startable.has(k));
    const classes = ["lcell", piece ? `c-${piece}` : "", green.has(k) ? "last" : "", forbidden.has(k) && !piece ? "forbidden" : "",
      k === first ? "first" : "", partners.has(k) ? "partner" : ""].join(" ");
    return html`<button type="button" role="gridcell" class=${classes} data-cell=${k} disabled=${!active}
      aria-label=${`row ${row} column ${col}: ${states.join(", ")}`} onClick=${() => click(k)}>
      ${piece || ""}${k === blocker ? html`<span class="blocker" aria-hidden="true">●</span>` : ""}${!piece && forbidden.has(k) ? "×" : ""}</button>`;
  };

  const prompt = update.owes
    ? html`<div class="prompt" id="prompt"><strong>Your turn:</strong>
        ${places.length ? (first ? ` now click a neighbour of (${first}) to place ${COLOURS[colour]}, or the same cell to start again.`
          : " pick a colour, then click two adjacent empty cells.") : ""}
        ${blockerMoves.size ? " click the cell for the black blocker." : ""}
        ${others.map((m) => html` <${MoveButton} move=${m} play=${play} />`)}</div>`
    : update.status === "playing" ? html`<div class="prompt">${update.owing.map(seatName).join(", ")} to move.</div>` : "";

  return html`<div class="linkage">
    ${prompt}
    <div class="colours" role="radiogroup" aria-label="colour to place">
      ${Object.entries(COLOURS).map(([c, name]) => html`<label class=${`swatch c-${c}`}>
        <input type="radio" name="colour" value=${c} checked=${c === colour} disabled=${!usable.includes(c)}
          onChange=${() => { setPicked(c); setFirst(null); }} />
        <span>${c} ${name} · ${supply.get(c) ?? 0} left</span></label>`)}
    </div>
    <div class="lboard" role="grid" aria-label="the board: rows and columns 0 to 6">
      <span class="corner" aria-hidden="true"></span>
      ${[...Array(SIZE).keys()].map((col) => html`<span class="coord" aria-hidden="true">${col}</span>`)}
      ${[...Array(SIZE).keys()].map((row) => html`<span class="coord" aria-hidden="true">${row}</span>${[...Array(SIZE).keys()].map((col) => cell(row, col))}`)}
    </div>
    <p class="legend">● black blocker · thick ring: the last piece placed (the green counter) · ×: forbidden, next to it.</p>
    <p class="legend">${[0, 1].map((s) => side(s) && html`<span>${seatName(s)}: ${side(s)}. </span>`)}</p>
  </div>`;
}

// Rule 6: the colour groups decide (12 or more: More wins; 11 or fewer: Fewer wins); both
// seats' score is the group count.
export function Breakdown({ update, kit, seatName }) {
  const { html } = kit;
  const f = update.view.fields;
  const groups = update.result?.scores?.[0];
  const more = f.more === null || f.more === undefined ? null : f.more;
  return html`<p><strong>${groups ?? "?"}</strong> colour groups on the board (same-coloured cells joined side by side
    count as one): 12 or more and More wins, 11 or fewer and Fewer wins (rule 6).</p>
    ${more !== null ? html`<p>More: ${seatName(more)} · Fewer: ${seatName(1 - more)}. Both scores are the group count.</p>` : ""}`;
}
