-- wrk script for examples/loadbench.rs: signed Telegram updates with unique update ids from
-- BENCH_USERS private chats, alternating reminder and list messages in English and Hebrew.
-- done() prints one machine-readable line the benchmark parses.
local users = tonumber(os.getenv("BENCH_USERS") or "1000")
local base = tonumber(os.getenv("BENCH_BASE") or "0")
local secret = os.getenv("BENCH_SECRET") or ""
local texts = {
  "remind me tomorrow at 9 to call the bank",
  "add milk and eggs to my shopping list",
  "תזכיר לי מחר ב-8 לקנות לחם",
  "תוסיף עגבניות לרשימת הקניות",
}
local threads = 0

function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

local counter = 0

function request()
  counter = counter + 1
  local n = base + tid * 1000000000 + counter
  local chat = 100000 + (n % users)
  local body = string.format(
    '{"update_id":%d,"message":{"message_id":%d,"date":1750000000,"text":"%s",' ..
    '"from":{"id":%d,"is_bot":false,"first_name":"Bench"},"chat":{"id":%d,"type":"private","first_name":"Bench"}}}',
    n, n, texts[(n % 4) + 1], chat, chat)
  return wrk.format("POST", nil, {
    ["Content-Type"] = "application/json",
    ["X-Telegram-Bot-Api-Secret-Token"] = secret,
  }, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRK requests=%d duration_us=%d status_errors=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
