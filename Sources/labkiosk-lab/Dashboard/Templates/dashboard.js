// Live pages: the server says when the lab's data changed; the page fetches its own content
// again and swaps it in, so staff never reload.
(() => {
  const main = document.getElementById("live");
  if (!main || main.dataset.live !== "true") return;
  const state = document.getElementById("live-state");
  let busy = false;
  const events = new EventSource("/events");
  events.onmessage = async () => {
    if (busy) return;
    busy = true;
    try {
      const answer = await fetch(location.href, { headers: { "X-Fragment": "1" } });
      if (answer.ok) {
        main.innerHTML = await answer.text();
        // The pages' times are 24-hour UTC; the browser's own clock would be its zone's, maybe 12-hour.
        state.textContent = "Live: updated " + new Date().toISOString().slice(11, 19) + " UTC.";
      }
    } finally { busy = false; }
  };
  events.onerror = () => { state.textContent = "Live: reconnecting…"; };
})();
