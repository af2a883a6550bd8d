// Small helpers shared by the pages and the renderers.

/** Fetch JSON from the API; resolves to {ok, status, body}. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    payload = { error: `the server answered ${response.status}` };
  }
  return { ok: response.ok, status: response.status, body: payload };
}

/** Build an element: el("td", {class: "mine", onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Build an SVG element (for plots). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The seat token from the invitation link's #fragment (never sent to the server in a URL). */
export function tokenFromLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return params.get("token");
}

/** A readable name for a seat: its name, and "(you)" for this client's seat. */
export function seatName(update, seat) {
  const info = (update.seats || [])[seat];
  const name = info ? info.name : `Seat ${seat + 1}`;
  return seat === update.seat ? `${name} (you)` : name;
}
