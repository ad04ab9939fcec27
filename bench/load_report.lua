-- wrk script of bench_load.py: one machine-readable line at the end of a run,
-- "RESULT requests errors duration_us p50_us p95_us p99_us max_us"; errors are
-- connection, read, write and timeout errors plus non-2xx/3xx answers.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RESULT %d %d %d %d %d %d %d\n",
    summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout,
    summary.duration,
    latency:percentile(50),
    latency:percentile(95),
    latency:percentile(99),
    latency.max
  ))
end
