// The waiting room page: the same file for everyone (cached in front of the server); the event comes
// from the address (/queue/{event}), the visitor's signed ticket from this browser's storage, so a
// reload keeps the place instead of drawing a new one. A signed-in browser joins with its session
// cookie (and the CSRF token GET /api/v1/account gives); a script with a buyer token.
'use strict';

(() => {
  const { t } = window.ShopText;
  const $ = (id) => document.getElementById(id);
  const event = Number(location.pathname.split('/').filter(Boolean).pop());
  const ticketKey = `queue-ticket:${event}`;
  let ticket = localStorage.getItem(ticketKey);
  let session = null; // { csrf } when signed in with the cookie

  for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.dataset.t);
  document.title = t('queue.heading');

  function say(text) { $('message').textContent = text; }

  function duration(seconds) {
    if (seconds < 60) return t('queue.seconds', { seconds: Math.max(0, Math.round(seconds)) });
    const minutes = Math.round(seconds / 60);
    return minutes < 60 ? t('queue.minutes', { minutes }) : t('queue.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  }

  async function call(method, path, body, headers = {}) {
    let response;
    try {
      response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: Object.assign({ 'Accept': 'application/json' }, body ? { 'Content-Type': 'application/json' } : {}, headers),
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      return { status: 0, json: null };
    }
    let json = null;
    try { json = await response.json(); } catch (e) { json = null; }
    return { status: response.status, json };
  }

  // Who is asking: the session (with its CSRF token) or the typed buyer token.
  function signIn() {
    if (session) return { 'X-CSRF-Token': session.csrf };
    const token = $('token').value.trim();
    return token ? { 'Authorization': 'Bearer ' + token } : null;
  }

  function show(standing) {
    $('position').textContent = standing.position;
    $('length').textContent = standing.queue_length;
    $('admitted-up-to').textContent = standing.admitted_up_to;
    const wait = standing.admitted ? t('queue.noWait') : duration(standing.estimated_wait_seconds);
    $('wait').textContent = wait;
    $('draw-time').textContent = new Date(standing.draw_closes_at).toLocaleTimeString();
    $('place').textContent = t('queue.place', { position: standing.position, length: standing.queue_length });
    $('let-in').textContent = t('queue.letIn', { admitted: standing.admitted_up_to });
    $('estimate').textContent = t('queue.wait', { wait });
    $('draw').textContent = t('queue.draw', { time: new Date(standing.draw_closes_at).toLocaleTimeString() });
    $('draw').hidden = !standing.draw_pending;
    $('admitted').hidden = !standing.admitted;
  }

  async function join() {
    // A place is a sign-in's: joining again (this tab or another) keeps it.
    const headers = signIn();
    if (!headers) { say(t('queue.needSignIn')); return null; }
    const { status, json } = await call('POST', `/api/v1/events/${event}/queue`, null, headers);
    if (status !== 201) { say(json && json.error ? json.error.message : t('queue.unreachable')); return null; }
    ticket = json.ticket;
    localStorage.setItem(ticketKey, ticket);
    return json;
  }

  async function poll() {
    let standing = null;
    if (ticket) {
      const { status, json } = await call('GET', `/api/v1/events/${event}/queue`, null, { 'X-Queue-Ticket': ticket });
      if (status === 200) standing = json;
      else if (status === 403 || status === 404) { localStorage.removeItem(ticketKey); ticket = null; }
    }
    if (!standing && !ticket) standing = await join();
    if (standing) show(standing);
    // Spread the crowd's polls so they do not arrive in waves.
    if (!standing || !standing.admitted) setTimeout(poll, 2000 + Math.random() * 2000);
  }

  $('enter').addEventListener('click', async () => {
    const headers = signIn();
    if (!headers) { say(t('queue.needSignIn')); return; }
    if (!ticket && !(await join())) return;
    const { status, json } = await call('POST', `/api/v1/events/${event}/admission`, { ticket }, headers);
    if (status !== 201) { say(json && json.error ? json.error.message : t('queue.notAdmitted')); return; }
    sessionStorage.setItem(`admission:${event}`, json.token);
    if (!session) sessionStorage.setItem('boxoffice-token', $('token').value.trim()); // the shop signs in with it
    location.href = `/?event=${event}`;
  });

  async function start() {
    $('token').value = sessionStorage.getItem('boxoffice-token') || '';
    if (!$('token').value) {
      const { status, json } = await call('GET', '/api/v1/account');
      if (status === 200 && json && json.csrf) session = { csrf: json.csrf };
    }
    $('token-field').hidden = Boolean(session);
    if (!Number.isInteger(event) || event <= 0) say(t('queue.noEvent'));
    else poll();
  }

  start();
})();
