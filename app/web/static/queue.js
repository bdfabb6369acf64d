// The waiting room page: the same file for everyone (cached in front of the server); the event comes
// from the address (/queue/{event}), the visitor's signed ticket from this browser's storage, so a
// reload keeps the place instead of drawing a new one.
'use strict';

const $ = (id) => document.getElementById(id);
const event = Number(location.pathname.split('/').filter(Boolean).pop());
const ticketKey = `queue-ticket:${event}`;
let ticket = localStorage.getItem(ticketKey);

function say(text) { $('message').textContent = text; }

function duration(seconds) {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `about ${minutes} min` : `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

async function call(method, path, body, headers = {}) {
  const response = await fetch(path, {
    method,
    headers: Object.assign({ 'Accept': 'application/json' }, body ? { 'Content-Type': 'application/json' } : {}, headers),
    body: body ? JSON.stringify(body) : undefined,
  });
  let json = null;
  try { json = await response.json(); } catch (e) { json = null; }
  return { status: response.status, json };
}

function show(standing) {
  $('position').textContent = standing.position;
  $('length').textContent = standing.queue_length;
  $('admitted-up-to').textContent = standing.admitted_up_to;
  $('wait').textContent = standing.admitted ? 'none' : duration(standing.estimated_wait_seconds);
  $('draw').hidden = !standing.draw_pending;
  $('draw-time').textContent = new Date(standing.draw_closes_at).toLocaleTimeString();
  $('admitted').hidden = !standing.admitted;
}

async function join() {
  // A place is a sign-in's: joining again (this tab or another) keeps it.
  const token = $('token').value.trim();
  if (!token) { say('Enter your buyer token to take your place in the queue.'); return null; }
  const { status, json } = await call('POST', `/api/v1/events/${event}/queue`, null,
                                      { 'Authorization': 'Bearer ' + token });
  if (status !== 201) { say(json && json.error ? json.error.message : 'The waiting room cannot be reached.'); return null; }
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
  const token = $('token').value.trim();
  if (!token) { say('Enter your buyer token.'); return; }
  if (!ticket && !(await join())) return;
  const { status, json } = await call('POST', `/api/v1/events/${event}/admission`, { ticket },
                                      { 'Authorization': 'Bearer ' + token });
  if (status !== 201) { say(json && json.error ? json.error.message : 'Not admitted.'); return; }
  sessionStorage.setItem(`admission:${event}`, json.token);
  sessionStorage.setItem('boxoffice-token', token); // the buyer page signs in with it
  location.href = `/?event=${event}`;
});

$('token').value = sessionStorage.getItem('boxoffice-token') || '';
if (!Number.isInteger(event) || event <= 0) say('This is not an event\'s waiting room.');
else poll();
