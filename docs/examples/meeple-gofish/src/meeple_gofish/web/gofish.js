// Go Fish drawn as itself for `meeple server` (see docs/server.md, "A game's own renderer").
//
// Your hand sorted by rank; the pool; every seat's books; the other hands as backs, with the
// cards everyone saw them take face up. To ask: click a card of your hand (its rank is chosen),
// then "Ask" beside the seat to ask. Beside each seat, what the table heard: the ranks it asked
// for ("has 7s") and denied ("no 3s").
const RANKS = "23456789TJQKA";
const RANK_WORDS = ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces"];
const SUITS = [["♣", "clubs"], ["♦", "diamonds"], ["♥", "hearts"], ["♠", "spades"]];
const SINGULAR = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"];

const rank = (card) => Math.floor(card / 4);
const suit = (card) => card % 4;
export const cardName = (card) => `${RANKS[rank(card)].replace("T", "10")}${SUITS[suit(card)][0]}`;
const cardWords = (card) => `${SINGULAR[rank(card)]} of ${SUITS[suit(card)][1]}`;
const books = (pile) => [...new Set((pile.cards || []).map(rank))].sort((a, b) => a - b);

// What the table heard about seat `s`'s hidden cards (the view's facts): "has 7s ×2 · no 3s".
function heard(view, s) {
  const facts = (view.facts || []).map((known) => known.fact).filter((fact) => fact.zone === `hands[${s}]`);
  const has = facts.filter((f) => f.type === "holds_at_least").map((f) => RANK_WORDS[f.kind] + (f.count > 1 ? ` ×${f.count}` : ""));
  const none = facts.filter((f) => f.type === "holds_none").map((f) => RANK_WORDS[f.kind]);
  return [has.length ? `has ${has.join(", ")}` : "", none.length ? `no ${none.join(", ")}` : ""].filter(Boolean).join(" · ");
}

export function Board({ update, previous, play, kit, seatName }) {
  const { html, Card, Pile, HiddenHand, useSelection } = kit;
  const f = update.view.fields;
  const me = update.seat;
  const out = update.view.eliminated || [];
  const hand = me !== null && f.hands[me].cards ? [...f.hands[me].cards].sort((a, b) => a - b) : [];
  const asks = update.legal.filter((m) => m.action.type === "ask");
  const selection = useSelection(`${update.view.moves}/${JSON.stringify(hand)}`);
  const chosen = selection.selected.length ? selection.selected[0] : null; // a rank
  const choose = (r) => selection.set(chosen === r ? [] : [r]);
  const face = (card, extra = {}) => html`<${Card} card=${card} name=${cardName(card)} label=${cardWords(card)}
    kind=${suit(card) === 1 || suit(card) === 2 ? "red" : "black"} ...${extra} />`;
  const before = previous?.view.fields;
  const shelf = (s) => {
    const laid = books(f.books[s]);
    return laid.length ? html`<span class="count"> · books: ${laid.map((r) => RANK_WORDS[r]).join(", ")}</span>`
      : html`<span class="count">no book yet</span>`;
  };

  const prompt = update.owes
    ? html`<div class="prompt" id="prompt"><strong>Your turn:</strong> ${chosen === null
        ? "click a card to choose the rank to ask for."
        : html`ask for ${RANK_WORDS[chosen]}: click <em>Ask</em> beside a seat.`}</div>`
    : update.status === "playing"
      ? html`<div class="prompt">waiting for ${update.owing.map(seatName).join(", ")}.</div>` : "";

  return html`<div class="gofish">
    ${prompt}
    <div class="middle"><${Pile} size=${f.pool.size} label="the pool" />
      <span class="count">· ${f.questions} question${f.questions === 1 ? "" : "s"} asked</span></div>
    ${f.hands.map((zone, s) => s === me ? "" : html`<section class="seat-area" data-field=${`hands[${s}]`} aria-label=${`${seatName(s)}'s hand`}>
      <h3 class="zone-title">${seatName(s)} · ${zone.size} card${zone.size === 1 ? "" : "s"}
        ${out.includes(s) ? html`<span class="badge">out</span>` : ""}
        ${heard(update.view, s) ? html` · <span class="count heard">heard: ${heard(update.view, s)}</span>` : ""}</h3>
      <div class="row"><${HiddenHand} zone=${zone} nameOf=${cardName} /> ${shelf(s)}
        ${asks.filter((m) => m.action.seat === s && m.action.rank === chosen).map((m) => html`<button type="button"
          class="act primary" data-action=${JSON.stringify(m.action)} onClick=${() => play(m.action)}>Ask ${seatName(s)} for ${RANK_WORDS[chosen]}</button>`)}
      </div></section>`)}
    ${me !== null ? html`<section class="seat-area" data-field=${`hands[${me}]`} aria-label="your hand">
      <h3 class="zone-title">your hand ${out.includes(me) ? html`<span class="badge">out</span>` : ""}</h3>
      <div class="row">${hand.length ? hand.map((card) => face(card, {
        selected: rank(card) === chosen,
        fresh: before !== undefined && !(before.hands[me].cards || []).includes(card),
        onClick: () => choose(rank(card)),
        disabled: !asks.some((m) => m.action.rank === rank(card)),
      })) : html`<span class="count">no cards</span>`} ${shelf(me)}</div>
    </section>` : ""}
  </div>`;
}

// The books each seat laid down: the score of each seat (most books wins).
export function Breakdown({ update, kit, seatName }) {
  const { html } = kit;
  const f = update.view.fields;
  return html`<p>Books of four laid down (most books wins):</p>
    <ul>${f.books.map((pile, s) => html`<li>${seatName(s)}: ${books(pile).length} book${books(pile).length === 1 ? "" : "s"}${
      books(pile).length ? ` (${books(pile).map((r) => RANK_WORDS[r]).join(", ")})` : ""}</li>`)}</ul>`;
}
