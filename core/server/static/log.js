// The game log beside the table: every move as this seat saw it, newest last. The server keeps it
// (meeple.server.log: rebuilt from the stored moves, told as this seat saw them), so it is the
// same after a reload, in another tab and after a server restart. It sends the latest page after
// the hello when asked (a `log` message); the table adds each move as it draws it; "earlier moves" asks for
// the page before; a gap (moves this tab never drew, say after an outage) asks for the log again.
import { html, useEffect, useRef, useState } from "./kit.js";

// The log's state — `entries` ({ply, seat, text}, oldest first), the numbers of the `first` and
// `last` moves it covers, whether `more` came before — and what changes it. The handlers run in
// the socket's callbacks, so they read the log from a ref, never from a stale render.
export function useLog() {
  const [log, setLog] = useState({ entries: [], first: 1, last: 0, more: false });
  const current = useRef(log);
  const set = (next) => { current.current = next; setLog(next); };
  // A `log` message: an earlier page goes before what we have; the latest page (after a hello)
  // continues it when they meet (a reconnection keeps the pages already shown), else replaces it.
  const received = (message) => {
    const now = current.current;
    if (now.last && message.last < now.first) {
      set({ ...now, entries: [...message.entries, ...now.entries], first: message.first, more: message.more });
    } else if (now.last && message.first <= now.last + 1) {
      set({ entries: [...now.entries.filter((e) => e.ply < message.first), ...message.entries], last: message.last,
        first: Math.min(now.first, message.first), more: now.first <= message.first ? now.more : message.more });
    } else {
      set({ entries: message.entries, first: message.first, last: message.last, more: message.more });
    }
  };
  // A move the table draws, told by its update's narration. False when moves before it are
  // missing (the caller asks for the log again).
  const moved = (update) => {
    const now = current.current;
    if (update.ply <= now.last) return true;
    if (update.ply > now.last + 1) return false;
    const entries = update.narration ? [...now.entries, { ply: update.ply, seat: null, text: update.narration }] : now.entries;
    set({ ...now, entries, last: update.ply });
    return true;
  };
  return { log, received, moved };
}

// The log, scrolled to its newest entry; `earlier(first)` asks for the page before move `first`.
export function Log({ log, earlier }) {
  const list = useRef(null);
  useEffect(() => { if (list.current) list.current.scrollTop = list.current.scrollHeight; }, [log.last]);
  return html`<aside class="log" aria-label="game log"><h2>Log</h2>
    ${log.more ? html`<button type="button" id="earlier" class="act" onClick=${() => earlier(log.first)}>earlier moves</button>` : ""}
    <ol id="narration" ref=${list}>${log.entries.map((entry, i) => html`<li class=${i === log.entries.length - 1 ? "latest" : ""}
      data-ply=${entry.ply} value=${entry.ply}>${entry.text}</li>`)}</ol></aside>`;
}
