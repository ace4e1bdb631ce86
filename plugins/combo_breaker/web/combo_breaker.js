// Combo Breaker drawn as itself for `meeple server` (see docs/server.md, "A game's own renderer").
//
// Your hand in its fixed order (rule 3: it is never sorted), the cards touching so that runs of
// neighbours read as runs, each with its position; X, Draw and Stop as such; your two face-up
// reserve cards; the trick with who played each combination; every seat's tokens. You move by
// touching: select neighbouring cards (or one Stop or Draw card) and press the move that plays
// them; click a reserve card, then the gap it goes into; a drawn card goes into the gap you click.
const SPECIAL = { 13: "X", 14: "Draw", 15: "Stop" };
export const cardName = (card) => SPECIAL[card] ?? String(card);
const cardWords = (card) => ({ 13: "X, the wild card", 14: "Draw card", 15: "Stop card" }[card] ?? `a ${card}`);

// The positions a move plays from the hand.
function positionsOf(action) {
  if (action.type === "play") return [...Array(action.count).keys()].map((i) => action.start + i);
  if (action.type === "stop" || action.type === "draw") return [action.position];
  return null;
}

// The move list's label: the narrator's text and the hand positions it plays, so that two equal
// combinations from different places in the hand never read the same.
export function moveLabel(move) {
  const at = positionsOf(move.action);
  if (!at) return move.text;
  return `${move.text} — position${at.length > 1 ? `s ${at[0]}–${at[at.length - 1]}` : ` ${at[0]}`}`;
}

export function Board({ update, previous, play, kit, seatName }) {
  const { html, Card, HiddenHand, Zone, MoveButton, useSelection, useState } = kit;
  const f = update.view.fields;
  const me = update.seat;
  const hand = me !== null && f.hands[me].cards ? f.hands[me].cards : [];
  const selection = useSelection(`${update.view.pending[0]?.type}/${update.owes}/${JSON.stringify(hand)}`);
  const [reserve, setReserve] = useState(null);  // the reserve slot picked up, waiting for its gap
  const chosen = [...selection.selected].sort((a, b) => a - b);
  const fromHand = update.legal.filter((m) => positionsOf(m.action));
  const matching = chosen.length ? fromHand.filter((m) => sameList(positionsOf(m.action), chosen)) : [];
  const reserveMoves = update.legal.filter((m) => m.action.type === "take_reserve");
  const inserts = update.legal.filter((m) => m.action.type === "insert");
  const gapMoves = new Map((reserve !== null ? reserveMoves.filter((m) => m.action.slot === reserve) : inserts)
    .map((m) => [m.action.position, m]));
  const others = update.legal.filter((m) => !positionsOf(m.action) && !["take_reserve", "insert"].includes(m.action.type));
  const tokens = new Map(f.tokens.counts);
  const face = (card, extra = {}) => html`<${Card} card=${card} name=${cardName(card)} label=${extra.label || cardWords(card)}
    kind=${card >= 13 ? "special" : ""} ...${extra} />`;
  const gap = (position) => {
    const move = gapMoves.get(position);
    return move ? html`<button type="button" class="gap" data-gap=${position} aria-label=${move.text} onClick=${() => { setReserve(null); play(move.action); }}>⇣</button>` : "";
  };
  const drawn = me !== null ? (f.drawn[me].cards || []) : [];

  const prompt = update.owes
    ? html`<div class="prompt" id="prompt"><strong>Your turn:</strong>
        ${fromHand.length ? " select neighbouring cards of your hand (or one Stop or Draw card), then play them." : ""}
        ${reserveMoves.length ? " Or click one of your reserve cards, then the gap it goes into." : ""}
        ${inserts.length ? ` Click the gap where the drawn ${drawn.map(cardName).join(", ")} goes.` : ""}
        ${matching.map((m) => html` <${MoveButton} move=${m} play=${play} primary=${true} label=${m.text.replace(/^play/, "Play")} />`)}
        ${chosen.length && !matching.length ? html` <em>those cards are not a move you can make</em>` : ""}
        ${others.map((m) => html` <${MoveButton} move=${m} play=${play} />`)}</div>`
    : update.status === "playing" ? html`<div class="prompt">waiting for ${update.owing.map(seatName).join(", ")}.</div>` : "";

  const seat = (s) => {
    const own = s === me;
    const count = tokens.get(s) ?? tokens.get(String(s)) ?? 0;
    return html`<section class="seat-area" aria-label=${`${seatName(s)}'s hand and reserve`}>
      <h3 class="zone-title">${seatName(s)} · <span class="tokens" aria-label=${`${count} tokens`}>${"●".repeat(Math.max(0, count))} ${count} token${count === 1 ? "" : "s"}</span>
        ${(f.losers || []).includes(s) ? html`<span class="badge">out</span>` : ""} · ${f.hands[s].size} cards</h3>
      <div class="zone sub" data-field=${`hands[${s}]`}><span class="zone-title">hand${own ? " (fixed order)" : ""}</span>
        <div class="row run">${own ? html`${gap(0)}${hand.map((card, i) => html`<span class="pos">${face(card, {
          selected: selection.selected.includes(i), onClick: fromHand.length ? () => selection.toggle(i) : undefined,
          label: `position ${i}: ${cardWords(card)}${selection.selected.includes(i) ? ", selected" : ""}` })}<span class="count">${i}</span></span>${gap(i + 1)}`)}`
          : html`<${HiddenHand} zone=${f.hands[s]} nameOf=${cardName} />`}</div></div>
      <div class="zone sub" data-field=${`reserves[${s}]`}><span class="zone-title">reserve</span><div class="row">
        ${f.reserves[s].slots.map((slot, i) => html`<span class="rslot" data-slot=${i}>${slot.map((card) => own && reserveMoves.some((m) => m.action.slot === i)
          ? face(card, { selected: reserve === i, onClick: () => setReserve(reserve === i ? null : i), label: `reserve ${cardWords(card)}` })
          : face(card))}</span>`)}
        ${f.reserves[s].slots.every((slot) => !slot.length) ? html`<span class="count">none</span>` : ""}</div></div>
      ${own && drawn.length ? html`<div class="zone sub"><span class="zone-title">drawn, to place</span><div class="row">${drawn.map((c) => face(c, { fresh: true }))}</div></div>` : ""}
    </section>`;
  };

  const plays = f.trick_plays || [];
  return html`<div class="combo-breaker">
    ${prompt}
    <div class="middle">
      <${Zone} title=${`the trick · round ${f.round_number}`} field="trick">
        ${f.trick.layers.length ? f.trick.layers.map((layer, i) => html`<span class="played"><span class="count">${plays[i] ? seatName(plays[i].seat) : ""}</span>
          <span class=${i === f.trick.layers.length - 1 ? "layer top" : "layer"}>${layer.map((c) => face(c, { fresh: i === f.trick.layers.length - 1 && previous
            && previous.view.fields.trick.layers.length < f.trick.layers.length }))}</span></span>`) : html`<span class="count">no card yet</span>`}
      </${Zone}>
      <p class="count">draw pile: ${f.pile.size} cards · discard: ${f.discard.size} cards</p>
    </div>
    ${me !== null ? seat(me) : ""}
    ${f.hands.map((_, s) => (s === me ? "" : seat(s)))}
  </div>`;
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// "Scores for reports": the tokens each seat keeps; a seat that had to pay one and had none
// scores −1 and loses (rule 9); every other seat wins.
export function Breakdown({ update, kit, seatName }) {
  const { html } = kit;
  const tokens = new Map(update.view.fields.tokens.counts);
  const losers = update.view.fields.losers || [];
  const kept = (n) => `${n} token${n === 1 ? "" : "s"} kept`;
  return html`<p>Score = tokens kept; a seat that had to give up a token and had none scores −1 and loses (rule 9).</p>
    <ul>${update.seats.map(({ seat }) => html`<li>${seatName(seat)}: ${losers.includes(seat)
      ? html`had to pay a token and had none: <strong>−1</strong>, lost` : html`<strong>${kept(tokens.get(seat) ?? 0)}</strong>`}</li>`)}</ul>`;
}
