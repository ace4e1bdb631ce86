// The end of a match: who won, by name (a seat's name when the server carries one, else how the
// table names the seat); every seat's score; the game's own breakdown of it by its rules (the
// renderer's `Breakdown`); what the rules reveal at the end — the server sends a finished game's
// view with those fields face up (`Game.revealed_at_end`), and the board under this screen draws
// them; a forfeit or an expiry said as such; the seats out of the game (`update.eliminated`, where
// the game eliminates); the rematch.
import { html } from "./kit.js";

// A seat as the end screen names it: its person's name when the update carries one.
export function personOf(update, seat, seatName) {
  const name = update.seats[seat]?.name;
  if (!name) return seatName(seat);
  return seat === update.seat ? `${name} (you)` : name;
}

const listed = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

export function EndScreen({ update, seatName, Breakdown, kit, rematch }) {
  const result = update.result;
  const winners = new Set(result.winners);
  const who = (seat) => personOf(update, seat, seatName);
  const out = update.eliminated || [];  // the seats out of the game, where the game eliminates
  const headline = result.expired ? "the match expired"
    : result.winners.length === update.seats.length && update.seats.length > 1 ? "everyone wins"
    : result.winners.length ? `${listed(result.winners.map(who))} ${result.winners.length === 1 && who(result.winners[0]) !== "you" ? "wins" : "win"}`
    : "no winner";
  return html`<section id="result" class="end" aria-label="result">
    <h2>Game over: ${headline}</h2>
    ${result.forfeit ? html`<p>${who(result.forfeit.seat)} forfeited: ${result.forfeit.reason}.</p>` : ""}
    ${result.expired ? html`<p>The server ended it: ${result.expired}.</p>` : ""}
    <table class="scores"><thead><tr><th>seat</th><th>player</th><th>score</th><th>result</th></tr></thead><tbody>
      ${update.seats.map((s) => html`<tr class=${winners.has(s.seat) ? "winner" : ""} data-seat=${s.seat}>
        <td>${s.seat}</td><td>${who(s.seat)}</td>
        <td>${result.scores?.length ? result.scores[s.seat] : "—"}</td><td>${winners.has(s.seat) ? "★ winner" : out.includes(s.seat) ? "out" : ""}</td></tr>`)}
    </tbody></table>
    ${Breakdown && result.scores?.length ? html`<div class="breakdown"><${Breakdown} update=${update} kit=${kit} seatName=${who} /></div>` : ""}
    ${update.seat !== null && !result.expired ? html`<button type="button" id="rematch" class="act primary" onClick=${rematch}>Rematch</button>` : ""}
    ${update.rematch ? html`<p>rematch: match ${update.rematch} — the same people in the same seats: Rematch takes yours</p>` : ""}
  </section>`;
}
