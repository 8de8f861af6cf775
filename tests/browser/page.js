// Opens one page in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core),
// runs a list of actions, takes a screenshot and prints a JSON report on stdout.
//
//   node page.js '<spec JSON>'
//
// spec: {
//   "url": "http://127.0.0.1:PORT/...",
//   "screenshot": "/path/out.png",           (optional)
//   "viewport": {"width": 420, "height": 760}, (optional)
//   "actions": [                               (optional, run in order)
//     {"fill": "#text", "text": "hello"}, {"press": "#text", "key": "Enter"},
//     {"click": "button:has-text('Yes')"}, {"waitFor": ".msg.bot >> nth=1"},
//     {"waitForText": "Done", "timeout": 10000}, {"wait": 200}
//   ],
//   "inspect": ["#log .msg", "h1"]             (optional: selectors to report on)
// }
// report: {url, status, title, lang, dir, text, inspect: {selector: [{text, dir, direction,
//   textAlign, left, right, width}]}, consoleErrors, pageErrors, screenshot}
// `direction` is the computed CSS direction ("rtl"/"ltr") of each element: what the reader sees.
// Exit code 0 with the report; 1 with {"error": "..."} when the page could not be driven.
const { chromium } = require('playwright-core');

async function main() {
  const spec = JSON.parse(process.argv[2]);
  const browser = await chromium.launch({
    executablePath: process.env.OZER_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const report = { consoleErrors: [], pageErrors: [] };
  try {
    const page = await browser.newPage({ viewport: spec.viewport || { width: 420, height: 760 } });
    page.on('console', (m) => { if (m.type() === 'error') report.consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => report.pageErrors.push(String(e)));
    const resp = await page.goto(spec.url, { waitUntil: 'load', timeout: 20000 });
    report.url = page.url();
    report.status = resp ? resp.status() : null;
    for (const a of spec.actions || []) {
      const timeout = a.timeout || 15000;
      if (a.fill) await page.fill(a.fill, a.text, { timeout });
      else if (a.press) await page.press(a.press, a.key, { timeout });
      else if (a.click) await page.click(a.click, { timeout });
      else if (a.waitFor) await page.waitForSelector(a.waitFor, { timeout });
      else if (a.waitForText) await page.getByText(a.waitForText, { exact: false }).first().waitFor({ timeout });
      else if (a.wait) await page.waitForTimeout(a.wait);
      else throw new Error('unknown action ' + JSON.stringify(a));
    }
    report.title = await page.title();
    report.lang = await page.evaluate(() => document.documentElement.lang);
    report.dir = await page.evaluate(() => getComputedStyle(document.body).direction);
    report.text = await page.evaluate(() => document.body.innerText);
    report.inspect = {};
    for (const sel of spec.inspect || []) {
      report.inspect[sel] = await page.$$eval(sel, (els) => els.map((el) => {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return { text: el.innerText, dir: el.dir, direction: s.direction, textAlign: s.textAlign,
          left: r.left, right: r.right, width: r.width };
      }));
    }
    if (spec.screenshot) {
      await page.screenshot({ path: spec.screenshot, fullPage: true });
      report.screenshot = spec.screenshot;
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(report));
}

main().catch((e) => {
  process.stdout.write(JSON.stringify({ error: String(e && e.stack || e) }));
  process.exit(1);
});
