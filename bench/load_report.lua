-- wrk script of bench_load.py (bench/readers.py, flood): one machine-readable line
-- at the end of a run,
-- "RESULT requests errors busy duration_us p50_us p95_us p99_us max_us";
-- errors are connection, read, write and timeout errors plus non-2xx/3xx answers,
-- busy the 503 answers among them (the server's public queue was full).
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

init = function(args)
  busy = 0
end

response = function(status, headers, body)
  if status == 503 then
    busy = busy + 1
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  local answered_busy = 0
  for _, thread in ipairs(threads) do
    answered_busy = answered_busy + thread:get("busy")
  end
  io.write(string.format(
    "RESULT %d %d %d %d %d %d %d %d\n",
    summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout,
    answered_busy,
    summary.duration,
    latency:percentile(50),
    latency:percentile(95),
    latency:percentile(99),
    latency.max
  ))
end
