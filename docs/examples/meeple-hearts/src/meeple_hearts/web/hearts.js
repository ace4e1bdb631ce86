// Hearts drawn as itself for `meeple server` (see docs/server.md, "A game's own renderer").
//
// Your hand sorted by suit, each card with its rank and suit symbol (and its name for a screen
// reader: "queen of spades"); the trick with who played each card; the cards each seat has taken
// and the points so far. The pass: select three cards, then Pass. A trick: click the card.
const RANKS = "23456789TJQKA";
const RANK_WORDS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"];
const SUITS = [["♣", "clubs"], ["♦", "diamonds"], ["♥", "hearts"], ["♠", "spades"]];
const DIRECTIONS = ["no pass this hand", "pass to the left", "pass across", "pass to the right"];

const rank = (card) => Math.floor(card / 4);
const suit = (card) => card % 4;
export const cardName = (card) => `${RANKS[rank(card)].replace("T", "10")}${SUITS[suit(card)][0]}`;
const cardWords = (card) => `${RANK_WORDS[rank(card)]} of ${SUITS[suit(card)][1]}`;
const bySuit = (a, b) => suit(a) - suit(b) || rank(a) - rank(b);
const points = (n) => `${n} point${n === 1 || n === -1 ? "" : "s"}`;

export function Board({ update, previous, play, kit, seatName }) {
  const { html, Card, Zone, useSelection, movesOf, sameItems } = kit;
  const f = update.view.fields;
  const me = update.seat;
  const players = f.hands.length;
  const hand = me !== null && f.hands[me].cards ? [...f.hands[me].cards].sort(bySuit) : [];
  const passes = movesOf(update, "pass_cards");
  const plays = new Map(movesOf(update, "play_card").map((m) => [m.action.card, m]));
  const selection = useSelection(`${update.view.pending[0]?.type}/${update.owes}/${JSON.stringify(hand)}`);
  const chosen = selection.selected.map((i) => hand[i]);
  const pass = chosen.length === 3 ? passes.find((m) => sameItems(m.action.cards, chosen)) : null;
  const face = (card, extra = {}) => html`<${Card} card=${card} name=${cardName(card)} label=${cardWords(card)}
    kind=${suit(card) === 1 || suit(card) === 2 ? "red" : "black"} ...${extra} />`;
  const trick = f.trick.cards || [];
  const before = previous?.view.fields.trick.cards || [];

  // What a seat took in tricks: its cards that score (hearts, the queen of spades), and how many.
  const taken = (s) => html`${(f.taken[s].cards || []).filter((c) => suit(c) === 2 || c === 43).map((c) => face(c))}
    <span class="count">${f.taken[s].size} card${f.taken[s].size === 1 ? "" : "s"} taken</span>`;

  const prompt = update.owes
    ? html`<div class="prompt" id="prompt"><strong>Your turn:</strong>
        ${passes.length ? html` ${DIRECTIONS[f.pass_direction]}: select three cards (${chosen.length} selected), then
          <button type="button" class="act primary" id="pass" disabled=${!pass} onClick=${() => play(pass.action)}>Pass ${pass ? chosen.map(cardName).join(" ") : "three cards"}</button>` : ""}
        ${plays.size ? " click a card to play it." : ""}</div>`
    : update.status === "playing"
      ? html`<div class="prompt">${update.view.choices?.length ? "You have passed; " : ""}waiting for ${update.owing.map(seatName).join(", ")}.</div>` : "";

  return html`<div class="hearts">
    ${prompt}
    <div class="middle">
      <${Zone} title=${`the trick${f.leader !== null ? `, led by ${seatName(f.leader)}` : ""}`} field="trick">
        ${trick.length ? trick.map((card, i) => html`<span class="played"><span class="count">${seatName((f.leader + i) % players)}</span>
          ${face(card, { fresh: !before.includes(card) && i === trick.length - 1 })}</span>`) : html`<span class="count">no card yet</span>`}
      </${Zone}>
      <p class="count">this hand: ${DIRECTIONS[f.pass_direction]} · hearts ${f.hearts_broken ? "broken" : "not broken yet"}</p>
    </div>
    ${me !== null ? html`<section class="seat-area" data-field=${`hands[${me}]`} aria-label="your hand">
      <h3 class="zone-title">your hand · ${points(f.points[me])}</h3>
      <div class="row">${hand.map((card, i) => (passes.length
        ? face(card, { selected: selection.selected.includes(i), onClick: () => selection.toggle(i) })
        : face(card, { onClick: plays.has(card) ? () => play(plays.get(card).action) : () => {}, disabled: !plays.has(card) })))}</div>
      ${update.view.choices?.length ? html`<p class="count">you pass: ${update.view.choices[0][1].cards.map(cardName).join(" ")}</p>` : ""}
      <div class="row">${taken(me)}</div>
    </section>` : ""}
    ${f.hands.map((zone, s) => s === me ? "" : html`<section class="seat-area" data-field=${`hands[${s}]`} aria-label=${`${seatName(s)}'s hand`}>
      <h3 class="zone-title">${seatName(s)} · ${zone.size} card${zone.size === 1 ? "" : "s"} in hand · ${points(f.points[s])}
        ${(update.view.chosen || []).includes(s) ? html`<span class="badge">has passed</span>` : ""}</h3>
      <div class="row">${taken(s)}</div></section>`)}
  </div>`;
}

// Rule 6: 1 point per heart taken, 13 for the queen of spades (−10 for the jack of diamonds with
// `jd_bonus`); a seat that took every heart and the queen shoots the moon (−26 for it, +26 for
// everyone else); otherwise, with `avoid_all_tricks_bonus`, −5 for taking no trick. Fewest points
// wins; the score is 26 − points.
const QUEEN = 43, JACK = 37;

export function Breakdown({ update, kit, seatName }) {
  const { html } = kit;
  const f = update.view.fields;
  const options = update.options || {};
  const taken = f.taken.map((pile) => pile.cards || []);
  const moon = taken.findIndex((cards) => cards.filter((c) => suit(c) === 2).length === 13 && cards.includes(QUEEN));
  const parts = (s) => {
    const hearts = taken[s].filter((c) => suit(c) === 2).length;
    const said = [`${hearts} heart${hearts === 1 ? "" : "s"}`];
    if (taken[s].includes(QUEEN)) said.push("the queen of spades 13");
    if (options.jd_bonus && taken[s].includes(JACK)) said.push("the jack of diamonds −10");
    if (moon === s) said.push("shot the moon −26");
    else if (moon >= 0) said.push("another seat shot the moon +26");
    else if (options.avoid_all_tricks_bonus && !taken[s].length) said.push("no trick taken −5");
    return said.join(", ");
  };
  return html`<p>1 point per heart, 13 for the queen of spades${options.jd_bonus ? ", −10 for the jack of diamonds" : ""};
    taking them all shoots the moon${options.avoid_all_tricks_bonus ? "; −5 for taking no trick" : ""}. Fewest points wins;
    the score is 26 − points (rule 6).</p>
    <ul>${f.points.map((p, s) => html`<li>${seatName(s)}: ${parts(s)} = <strong>${points(p)}</strong>, score ${26 - p}</li>`)}</ul>`;
}
