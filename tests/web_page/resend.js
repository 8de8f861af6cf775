// Runs the web chat page's script in Node against a running Ozer, with a minimal DOM and a
// fetch that loses the response of the first POST /api/chat (the request reaches the server,
// the page sees a network error). Prints what the page posted and showed, as JSON.
//
//   node resend.js PAGE.html http://127.0.0.1:PORT
const fs = require('fs');

const [page, base] = process.argv.slice(2);
const html = fs.readFileSync(page, 'utf8');
const script = html.slice(html.indexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));

const appended = [];
function element() {
  return {
    children: [], value: '', textContent: '', className: '', dir: '', scrollTop: 0, scrollHeight: 0,
    appendChild(child) { child.parent = this; this.children.push(child); appended.push(child.className); },
    remove() { if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this); },
    addEventListener() {},
    focus() {},
  };
}
const nodes = {};
const document = {
  getElementById(id) { return (nodes[id] = nodes[id] || element()); },
  createElement() { return element(); },
};

let cookie = null;
const posts = [];
let lost = 0;
async function fakeFetch(path, init = {}) {
  const headers = Object.assign({}, init.headers || {});
  if (cookie) headers.cookie = cookie;
  const res = await fetch(base + path, Object.assign({}, init, { headers }));
  const set = res.headers.get('set-cookie');
  if (set) cookie = set.split(';')[0];
  if (path === '/api/chat') {
    posts.push(JSON.parse(init.body));
    if (lost === 0) {
      lost += 1;
      await res.text();
      throw new TypeError('Failed to fetch');
    }
  }
  return res;
}

const page_api = new Function('document', 'fetch', script + '\nreturn { send };')(document, fakeFetch);

(async () => {
  // The page's first poll fetches the session cookie, as it does in a browser.
  for (let i = 0; i < 100 && !cookie; i++) await new Promise((r) => setTimeout(r, 20));
  await page_api.send('help');
  const shown = nodes.log.children.map((m) => ({ who: m.className, text: m.textContent }));
  console.log(JSON.stringify({ posts, shown, appended }));
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
