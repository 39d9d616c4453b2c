-- wrk: each request the next path of the file named by WRK_PATHS (one a line), round
-- and round, so that a run asks many different queries rather than one from a cache.
local paths = {}
local next_path = 1

function init(args)
  local name = os.getenv("WRK_PATHS")
  for line in io.lines(name) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  -- Each thread starts at its own place in the list.
  next_path = (math.random(1, #paths))
end

function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  io.stderr:write(string.format("wrk: %d requests, %d errors (connect %d, read %d, write %d, status %d, timeout %d)\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout))
end
