-- piecebox:search: where an exploration looks for failures (explore.lua loads this chunk with it): the failures its
-- database stored, replayed first; then the runs, in number order, until the budget ends or a while after the first
-- failure; what they met, counted (a pass's statistics and the health checks); and the outcome handed to the host.
local host, lib, M, R, S = ...
local type, tostring, tonumber, ipairs, pairs = lib.type, lib.tostring, lib.tonumber, lib.ipairs, lib.pairs
local sort, concat, format, mathtype = lib.sort, lib.concat, lib.format, lib.mathtype
local collect = lib.collectgarbage
local X = host.exploring
local runOnce = R.runOnce

local Q = {}

-- After its first failing run F, a search goes on to run F + min(F + 1, moreRuns): as long again as the first
-- failure took to find, so a second defect a few runs on is met too, and at most this many runs more, so a failure
-- in run 0 costs one run more and one in run 500 a hundred. A function of F alone, so a share of the runs that
-- stops at its own first failure has still made every run of its share up to the whole search's last.
Q.moreRuns = 100
-- The most distinct failures an exploration shrinks and reports; the others are counted.
Q.reported = 5
-- The runs a search must have made before the health checks judge it (most steps discarded, an action never
-- drawn): under that, a few unlucky runs or a rare action not yet come up say nothing (and `piecebox run`'s 10 runs
-- are a smoke test, never judged).
Q.healthRuns = 100

function Q.lastRun(first) return first + (first + 1 < Q.moreRuns and first + 1 or Q.moreRuns) end

-- What a share of `explore --jobs` keeps of what its runs print (bytes, a newline each): the worker that shrinks
-- prints it again in run order, as one worker searching every run would have printed it. A share that prints more
-- says so, and its file's exploration runs whole in one worker instead (ExploreShares.merge): nothing is lost.
Q.printedBytes = 16 * 1024

--- Keeps what is printed from now on, each line with the run that printed it (`keep.run`, set by the search),
--- until the exploration ends (`explore.lua`'s M.run takes the tap away, whatever happened).
function Q.keepPrinted()
  local keep = { lines = { list = true }, run = 0, overflow = false }
  local bytes = 0
  host.printTap = function(line)
    if keep.overflow then return end
    bytes = bytes + #line + 1
    if bytes > Q.printedBytes then keep.overflow = true; return end
    keep.lines[#keep.lines + 1] = { keep.run, line }
  end
  return keep
end

--- The last run one search over every run would have made, given the findings of all of them: the last the first
--- failure allows, or a flaky failure met before it (the search stops there); with no failure, every run.
function Q.searchEnd(found)
  local first
  for _, f in ipairs(found) do
    if first == nil or f.run < first then first = f.run end
  end
  if first == nil then return 1 / 0 end
  local last = Q.lastRun(first)
  for _, f in ipairs(found) do
    if f.flaky and f.run <= last then last = f.run end
  end
  return last
end

--- Prints what the shares' runs printed (`{ run, line }` pairs, each share's in its order), in run order, up to
--- where one search over every run would have stopped (`Q.searchEnd` of the shares' findings).
function Q.reprint(printed, found)
  if printed == nil or #printed == 0 then return end
  local stop, order = Q.searchEnd(found), {}
  for k, p in ipairs(printed) do order[k] = { run = p[1], k = k, line = p[2] } end
  sort(order, function(a, b)
    if a.run ~= b.run then return a.run < b.run end
    return a.k < b.k
  end)
  for _, p in ipairs(order) do
    if p.run <= stop then host.print(p.line) end
  end
end

--- A draw's value as a record's text keeps it: an integer as it is, a fraction in the fewest digits that read back
--- as the same double (at most 17 always do).
local function valueText(v)
  if type(v) == "boolean" then return v and "true" or "false" end
  if mathtype(v) == "integer" then return format("%d", v) end
  for digits = 15, 17 do
    local text = format("%." .. digits .. "g", v)
    if tonumber(text) == v then return text end
  end
  return format("%.17g", v)
end

--- A run's draws as one line of text ("pick:1 number:0.25 bool:true"), as the database and the shares keep them.
function Q.drawsText(rec)
  local parts = {}
  for i, d in ipairs(rec) do parts[i] = d[1] .. ":" .. valueText(d[4]) end
  return concat(parts, " ")
end

--- A record from `drawsText`'s line, or nil when the text is not one (a hand-edited file).
function Q.parseDraws(text)
  if type(text) ~= "string" then return nil end
  local rec = {}
  for token in text:gmatch("%S+") do
    local kind, value = token:match("^(%a+):(%S+)$")
    local v
    if kind == "bool" then
      if value == "true" then v = true elseif value == "false" then v = false else return nil end
    elseif kind == "number" then
      v = tonumber(value)
      if type(v) ~= "number" or v ~= v or v == 1 / 0 or v == -1 / 0 then return nil end
    elseif kind == "integer" or kind == "pick" then
      v = tonumber(value)
      if mathtype(v) ~= "integer" or (kind == "pick" and v < 0) then return nil end
    else
      return nil
    end
    rec[#rec + 1] = { kind, 0, 0, v }
  end
  return rec
end

--- The counts a pass reports: runs, steps (every action picked), discarded steps, runs that took an action, and
--- each action's draws and discards, in the actions' order.
function Q.newStats(names)
  local st = { runs = 0, steps = 0, discards = 0, acted = 0, actions = {} }
  for i, name in ipairs(names) do st.actions[i] = { name = name, drawn = 0, discarded = 0 } end
  return st
end

local function count(st, result)
  st.runs = st.runs + 1
  if (result.ran or 0) > 0 then st.acted = st.acted + 1 end
  local byName = {}
  for _, a in ipairs(st.actions) do byName[a.name] = a end
  for _, span in ipairs(result.spans) do
    local a = byName[span.name]
    st.steps = st.steps + 1
    if a then a.drawn = a.drawn + 1 end
    if span.discarded then
      st.discards = st.discards + 1
      if a then a.discarded = a.discarded + 1 end
    end
  end
end

local function identityText(failure)
  local id = S.identity(failure)
  return type(id) == "string" and id or R.describe(id)
end

--- A failing run checked against its own record: a finding (its run, what makes it one failure, its draws), or a
--- flaky one when the record does not bring the failure back (the actions read something not drawn).
local function finding(ex, result, run, label)
  local again = runOnce(ex, { record = result.drawn }, ex.steps)
  local id = identityText(result.failure)
  if not again.failure or identityText(again.failure) ~= id then
    return { run = run, flaky = "flaky: " .. result.failure.message .. "\nseed " .. X.seed() .. ", " .. label
      .. ": the run failed, but replaying its draws did "
      .. (again.failure and ("not fail the same way (" .. again.failure.message .. ")") or "not fail")
      .. "; an action may use a value gen did not draw (math.random, the wall clock, state kept between runs)" }
  end
  return { run = run, identity = id, draws = Q.drawsText(result.drawn) }
end

--- This worker's runs of the exploration (every `stride`-th from `first`, below `runs`), counted into `st`, until
--- the budget ends, a flaky failure, or `Q.lastRun` of its first failure. The first finding of each identity is
--- kept, in run order. `keep` (`Q.keepPrinted`), when given, is told which run prints.
function Q.search(ex, name, runs, first, stride, st, keep)
  local found, seen, last = {}, {}, nil
  local made, i = 0, first
  while i < runs and not (last and i > last) do
    if made % M.collectEvery == 0 then collect("collect") end
    made = made + 1
    if keep then keep.run = i end
    -- Short runs first: run i takes at most 2 + 2i steps (Hypothesis and QuickCheck grow their cases so too).
    local steps = ex.steps < 2 + 2 * i and ex.steps or 2 + 2 * i
    local result = runOnce(ex, { position = X.start(i, name) }, steps)
    count(st, result)
    if result.failure then
      local f = finding(ex, result, i, "run " .. i)
      if f.flaky then found[#found + 1] = f; break end
      if not seen[f.identity] then
        seen[f.identity] = true
        found[#found + 1] = f
      end
      last = last or Q.lastRun(i)
    end
    i = i + stride
  end
  return found
end

--- The findings to shrink, from every share's: in run order, up to the last run the first failure allows, the
--- first of each identity; a flaky one met in that span is the answer alone.
function Q.select(found)
  local list = {}
  for _, f in ipairs(found) do list[#list + 1] = f end
  sort(list, function(a, b) return a.run < b.run end)
  if #list == 0 then return list end
  local last, out, seen = Q.lastRun(list[1].run), {}, {}
  for _, f in ipairs(list) do
    if f.run > last then break end
    if f.flaky then return { f } end
    if not seen[f.identity] then
      seen[f.identity] = true
      out[#out + 1] = f
    end
  end
  return out
end

--- The records the database kept, replayed before run 0: those that still fail (findings labelled as replayed),
--- and how many pass now (forgotten) or no longer fit the exploration (dropped).
function Q.replayStored(ex, records)
  local found, seen, forgotten, dropped = {}, {}, 0, 0
  for k, text in ipairs(records) do
    local rec = Q.parseDraws(text)
    local result = rec and runOnce(ex, { record = rec }, ex.steps)
    if not result or result.src.misaligned or result.src.overran then
      dropped = dropped + 1
    elseif not result.failure then
      forgotten = forgotten + 1
    else
      local f = finding(ex, result, k - 1 - #records, "replayed from the database")
      f.stored = true
      if f.flaky then found = { f }; break end
      if not seen[f.identity] then
        seen[f.identity] = true
        found[#found + 1] = f
      end
    end
  end
  return found, forgotten, dropped
end

--- A value as JSON: what the host reads of an exploration's outcome (a table with [1] is a list).
local function json(v)
  local t = type(v)
  if t == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c)
      if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
      return format("\\u%04x", c:byte())
    end) .. '"'
  elseif t == "number" then
    return mathtype(v) == "integer" and format("%d", v) or valueText(v)
  elseif t == "boolean" then
    return tostring(v)
  elseif t == "table" then
    local parts = {}
    if v[1] ~= nil or v.list then
      for i, item in ipairs(v) do parts[i] = json(item) end
      return "[" .. concat(parts, ",") .. "]"
    end
    local keys = {}
    for key in pairs(v) do keys[#keys + 1] = key end
    sort(keys)
    for _, key in ipairs(keys) do parts[#parts + 1] = json(key) .. ":" .. json(v[key]) end
    return "{" .. concat(parts, ",") .. "}"
  end
  return "null"
end

--- Hands the host what this exploration found (see `ExploreOutcome`): its counts and seed, the findings of a
--- share, the records to remember, and the database's note.
function Q.outcome(name, st, extra)
  local out = { name = name, seed = X.seed(), runs = st.runs, steps = st.steps, discards = st.discards,
    acted = st.acted, actions = st.actions }
  out.actions.list = true
  for k, v in pairs(extra or {}) do out[k] = v end
  if out.found then out.found.list = true end
  if out.remember then out.remember.list = true end
  X.outcome(json(out))
end

return Q
