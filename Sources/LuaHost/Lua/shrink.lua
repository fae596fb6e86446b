-- piecebox:shrink: makes a failing run of an exploration simpler (explore.lua loads this chunk with it): the
-- record of the run's draws is edited (steps dropped, reordered, draws made simpler) and replayed, and the simplest
-- record that still fails the same way is kept, as Hypothesis shrinks its choice sequences.
local host, lib, W, M, R = ...
local tostring, ipairs, type = lib.tostring, lib.ipairs, lib.type
local concat, floor, format, tonumber = lib.concat, lib.floor, lib.format, lib.tonumber
local collect = lib.collectgarbage
local runOnce = R.runOnce
local _, _ = host, W

local S = {}

--- What makes two failures one failure: a candidate must keep it to count as a simpler run of the same failure,
--- and failures with different identities are told apart. A broken rule is the rule and its piece (any element of
--- the piece: the same snap seen on panel.bar.y or panel.highlight.y is one defect); an error is its file and line;
--- a run's limit is the limit.
function S.identity(failure)
  local extra = failure.extra
  if extra and extra.rule and failure.piece ~= nil then
    return "rule " .. extra.rule.name .. " " .. tostring(failure.piece)
  end
  return failure.origin
end

--- A draw's simplest value: false, the first option, or the number nearest 0 in its range. A draw may name its
--- own simplest as its fifth field (a number whose natural value is not 0).
local function simplestOf(d)
  local kind = d[1]
  if kind == "bool" then return false end
  if kind == "pick" then return 0 end
  if d[5] ~= nil then return d[5] end
  local a, b = d[2], d[3]
  local lo, hi = a < b and a or b, a < b and b or a
  return lo > 0 and lo or (hi < 0 and hi or 0)
end

--- The lowest and highest value a draw may take.
local function bounds(d)
  if d[1] == "pick" then return 0, d[2] - 1 end
  if d[1] == "bool" then return 0, 1 end
  local a, b = d[2], d[3]
  return a < b and a or b, a < b and b or a
end

local function shortest(v)
  local text
  for digits = 1, 17 do
    text = format("%." .. digits .. "g", v)
    if tonumber(text) == v then return text end
  end
  return text
end

--- The decimal places of the shortest text that reads back as `v`: 0 for a whole number, 1 for 0.2, 17 for
--- 0.11167968749119361.
local function places(v)
  if floor(v) == v then return 0 end
  local text = shortest(v)
  local mantissa, exponent = text:match("^-?([%d.]+)e([-+]%d+)$")
  local decimals = (mantissa or text):match("%.(%d+)$")
  local n = (decimals and #decimals or 0) - (exponent and tonumber(exponent) or 0)
  return n > 0 and n or 0
end

--- How simple one draw is, as (class, distance), compared class first: the simplest value is (0, 0); false, a
--- pick and a whole number are class 0, ordered by their distance from the simplest; any other number is class
--- 1 + its decimal places, so a whole number beats any fraction and 0.2 beats 0.11 (as Hypothesis orders floats:
--- integers first, then small denominators).
local function weight(d)
  local kind, v = d[1], d[4]
  if kind == "bool" then return 0, v and 1 or 0 end
  if kind == "pick" then return 0, v end
  local simplest = simplestOf(d)
  if v == simplest then return 0, 0 end
  local dist = v - simplest
  dist = dist < 0 and -dist or dist
  if kind == "integer" then return 0, dist end
  return 1 + places(v), dist
end

S.weight = weight

--- Shortlex: fewer draws first, then the first draw that differs, the simpler one.
local function simpler(x, y)
  if #x ~= #y then return #x < #y end
  for i = 1, #x do
    local ca, da = weight(x[i])
    local cb, db = weight(y[i])
    if ca ~= cb then return ca < cb end
    if da ~= db then return da < db end
  end
  return false
end

S.simpler = simpler

local function valueKey(v)
  if type(v) == "number" then return format("%.17g", v) end
  return tostring(v)
end

local function key(record)
  local parts = {}
  for i, d in ipairs(record) do parts[i] = valueKey(d[4]) end
  return concat(parts, "|")
end

local function copyRecord(record, from, to)
  local out = {}
  for i = from or 1, to or #record do out[#out + 1] = record[i] end
  return out
end

--- The record with the draws at `positions` given `value` (each keeps what it asked).
local function withValue(record, positions, value)
  local out = copyRecord(record)
  for _, i in ipairs(positions) do
    local d = record[i]
    out[i] = { d[1], d[2], d[3], value, d[5] }
  end
  return out
end

--- Where step `i`'s draws end: just before the next step's first, so a draw made between two steps (after the
--- action) goes with the step before it.
local function stepEnd(spans, i)
  return spans[i + 1] and spans[i + 1].first - 1 or spans[i].last
end

--- The record without the draws of the steps listed (spans, in order).
local function withoutSpans(record, spans, list)
  local out, at = {}, 1
  for _, s in ipairs(list) do
    for i = at, spans[s].first - 1 do out[#out + 1] = record[i] end
    at = stepEnd(spans, s) + 1
  end
  for i = at, #record do out[#out + 1] = record[i] end
  return out
end

--- One replay of a candidate: kept when it fails the same way and is simpler than the best so far. A candidate
--- that is not simpler is not replayed; a replay past the budget is not made, and the shrink says it was cut short.
local function try(sh, record)
  if sh.tries >= M.shrinkBudget then sh.cut = true; return false end
  if not simpler(record, sh.best.drawn) then return false end
  local k = key(record)
  if sh.seen[k] then return false end
  sh.seen[k] = true
  sh.tries = sh.tries + 1
  if sh.tries % M.collectEvery == 0 then collect("collect") end
  local r = runOnce(sh.ex, { record = record }, sh.steps)
  if r.src.overran or not r.failure or S.identity(r.failure) ~= sh.identity then return false end
  if simpler(r.drawn, sh.best.drawn) then
    sh.best = r
    return true
  end
  return false
end

--- Sets the draws at `positions` to `value`, while they still ask what the first asked.
local function set(sh, positions, value)
  local drawn = sh.best.drawn
  local first = drawn[positions[1]]
  if not first then return false end
  for _, i in ipairs(positions) do
    local d = drawn[i]
    if not d or d[1] ~= first[1] or d[2] ~= first[2] or d[3] ~= first[3] then return false end
  end
  return try(sh, withValue(drawn, positions, value))
end

-- Fewer steps ------------------------------------------------------------------------------------------------

--- Drops runs of 1 to 4 neighbouring steps, walking from the last step back (later steps tend to depend on
--- earlier ones, so they go first).
local function deleteRuns(sh)
  local improved = false
  local i = #sh.best.spans
  while i >= 1 and not sh.cut do
    local following = i - 1
    for width = 1, 4 do
      local j = i - width + 1
      if j < 1 then break end
      local list = {}
      for s = j, i do list[#list + 1] = s end
      if try(sh, withoutSpans(sh.best.drawn, sh.best.spans, list)) then
        improved, following = true, j - 1
        break
      end
    end
    i = following < #sh.best.spans and following or #sh.best.spans
  end
  return improved
end

--- Drops long runs of steps at once in a run of many: halves, then quarters, down to runs of 8, the last first
--- (a long run's steps are mostly noise, and one replay drops many).
local function deleteChunks(sh)
  local improved = false
  local size = #sh.best.spans // 2
  while size >= 8 and not sh.cut do
    local last = #sh.best.spans
    while last >= size and not sh.cut do
      local list = {}
      for s = last - size + 1, last do list[#list + 1] = s end
      if try(sh, withoutSpans(sh.best.drawn, sh.best.spans, list)) then improved = true end
      last = last - size
      if last > #sh.best.spans then last = #sh.best.spans end
    end
    size = size // 2
  end
  return improved
end

--- Drops two steps that are not side by side (a toggle `mic ... mic` around the steps that matter): the pairs of
--- one action first, then any two.
local function deletePairs(sh)
  for round = 1, 2 do
    local spans = sh.best.spans
    for b = #spans, 3, -1 do
      for a = b - 2, 1, -1 do
        if sh.cut then return false end
        if (spans[a].name == spans[b].name) == (round == 1)
          and try(sh, withoutSpans(sh.best.drawn, spans, { a, b })) then
          return true
        end
      end
    end
  end
  return false
end

-- Simpler steps ----------------------------------------------------------------------------------------------

--- Each step with every draw but its action's at the simplest (its parameters trivial at once).
local function trivialSteps(sh)
  local improved = false
  for i = 1, #sh.best.spans do
    if sh.cut then break end
    local span, drawn = sh.best.spans[i], sh.best.drawn
    local last = span and stepEnd(sh.best.spans, i)
    if span and last > span.first then
      local out = copyRecord(drawn)
      for j = span.first + 1, last do
        local d = drawn[j]
        out[j] = { d[1], d[2], d[3], simplestOf(d), d[5] }
      end
      if try(sh, out) then improved = true end
    end
  end
  return improved
end

--- Neighbouring steps in the order of their actions' names (a canonical order: `attach, collapse` for
--- `collapse, attach` when both fail).
local function reorder(sh)
  local improved = false
  local i = 1
  while i < #sh.best.spans and not sh.cut do
    local spans, drawn = sh.best.spans, sh.best.drawn
    local a, b = spans[i], spans[i + 1]
    if drawn[b.first] and drawn[a.first] and drawn[b.first][4] < drawn[a.first][4] then
      local bEnd = stepEnd(spans, i + 1)
      local out = copyRecord(drawn, 1, a.first - 1)
      for j = b.first, bEnd do out[#out + 1] = drawn[j] end
      for j = a.first, b.first - 1 do out[#out + 1] = drawn[j] end
      for j = bEnd + 1, #drawn do out[#out + 1] = drawn[j] end
      if try(sh, out) then improved = true end
    end
    i = i + 1
  end
  return improved
end

-- Simpler draws ----------------------------------------------------------------------------------------------

--- Bisects the grid values value(k) between `bad` (taken to pass) and `good` (fails), toward `bad`.
local function descend(sh, positions, value, good, bad, lo, hi)
  local improved = false
  for _ = 1, 64 do
    if sh.cut then break end
    local mid = floor(bad + (good / 2 - bad / 2))
    if mid == good or mid == bad then break end
    local v = value(mid)
    if v < lo or v > hi then break end
    if set(sh, positions, v) then good, improved = mid, true else bad = mid end
  end
  return improved
end

-- The choices a whole number or a pick tries one by one before it bisects: every earlier action of a list of up
-- to 16 (actions are unrelated, so no bisection finds the one that still fails).
local LINEAR = 16

--- A whole number or a pick: the first choices in order, then a bisection toward the simplest.
local function lowerWhole(sh, positions, d)
  local v, target = d[4], simplestOf(d)
  local lo, hi = bounds(d)
  local step = v > target and 1 or -1
  for n = 1, LINEAR do
    local candidate = target + n * step
    if (step > 0 and candidate >= v) or (step < 0 and candidate <= v) then return false end
    if set(sh, positions, candidate) then return true end
  end
  return descend(sh, positions, function(k) return k end, v, target + LINEAR * step, lo, hi)
end

local BIG = 2 ^ 52

--- A number: the whole numbers first, then tenths, hundredths and so on to 3 decimal places (further for a number
--- under 0.001): on the first grid that has a failing value at least as simple, the value bisected toward the
--- simplest. A long fraction ends as the shortest value that fails the same way (0.2, not 0.11167968749119361).
local function lowerNumber(sh, positions, d)
  local v, target = d[4], simplestOf(d)
  local lo, hi = bounds(d)
  local up = v > target
  local have = places(v)
  local magnitude = tonumber(format("%.17e", v < 0 and -v or v):match("e([-+]%d+)$")) or 0
  -- A number under 0.01 gets grids down to its third significant digit, at most 17 places.
  local deepest = magnitude < -1 and (2 - magnitude < 17 and 2 - magnitude or 17) or 3
  for p = 0, (have < deepest and have or deepest) do
    local scale = 10.0 ^ p
    local function value(k) return k / scale end
    local function toward(x) return up and floor(x * scale) or -floor(-x * scale) end
    local function away(x) return up and -floor(-x * scale) or floor(x * scale) end
    local kv, kt = away(v), away(target)
    if kv > BIG or kv < -BIG then break end
    local good
    if p >= have then
      good = floor(v * scale + 0.5)
    else
      local near, far = toward(v), kv
      if value(far) > hi or value(far) < lo then far = near end
      if (up and near >= kt or not up and near <= kt) and set(sh, positions, value(near)) then
        good = near
      elseif far ~= near and set(sh, positions, value(far)) then
        good = far
      end
    end
    if good then
      descend(sh, positions, value, good, kt - (up and 1 or -1), lo, hi)
      return true
    end
  end
  -- No short value fails: the number itself, halfway toward the simplest while it stays as short.
  local good, bad = v, target
  local improved = false
  for _ = 1, 24 do
    if sh.cut then break end
    local mid = (good + bad) / 2
    if mid == good or mid == bad then break end
    if set(sh, positions, mid) then good, improved = mid, true else bad = mid end
  end
  return improved
end

--- The draws at `positions` (equal draws, or one) toward their simplest, together.
local function lowerDraws(sh, positions)
  local d = sh.best.drawn[positions[1]]
  if not d then return false end
  local c, dist = weight(d)
  if c == 0 and dist == 0 then return false end
  if d[1] == "bool" then return set(sh, positions, false) end
  if set(sh, positions, simplestOf(d)) then return true end
  if d[1] == "number" then return lowerNumber(sh, positions, d) end
  return lowerWhole(sh, positions, d)
end

--- Each draw on its own toward its simplest, the first first (an earlier action in the list for a step's action).
local function lowerEach(sh)
  local improved = false
  local i = 1
  while i <= #sh.best.drawn and not sh.cut do
    local before = sh.best
    lowerDraws(sh, { i })
    if sh.best ~= before then improved = true end
    i = i + 1
  end
  return improved
end

--- Equal draws lowered together: the same action twice (`mic, mic` made `attach, attach`, which the next round
--- drops), two drags of the same length.
local function lowerDuplicates(sh)
  local groups, byKey = {}, {}
  for i, d in ipairs(sh.best.drawn) do
    local c, dist = weight(d)
    if not (c == 0 and dist == 0) then
      local k = concat({ d[1], valueKey(d[2]), valueKey(d[3]), valueKey(d[4]) }, "|")
      if byKey[k] then
        local g = byKey[k]
        g[#g + 1] = i
      else
        byKey[k] = { i }
        groups[#groups + 1] = byKey[k]
      end
    end
  end
  local improved = false
  for _, g in ipairs(groups) do
    if sh.cut then break end
    if #g > 1 then
      local before = sh.best
      lowerDraws(sh, g)
      if sh.best ~= before then improved = true end
    end
  end
  return improved
end

--- Moves magnitude from one number to a later one of the same ask, keeping their sum (two drags that together
--- cross a threshold): all of it (as much as the later one's range takes), then half.
local function redistribute(sh)
  local drawn = sh.best.drawn
  for i = 1, #drawn do
    for j = i + 1, #drawn do
      if sh.cut then return false end
      drawn = sh.best.drawn
      local a, b = drawn[i], drawn[j]
      if a and b and (a[1] == "number" or a[1] == "integer") and a[1] == b[1] and a[2] == b[2] and a[3] == b[3] then
        local lo, hi = bounds(a)
        local delta = a[4] - simplestOf(a)
        -- The room the later number has in the direction the earlier one gives up.
        local room = delta > 0 and hi - b[4] or lo - b[4]
        if (delta > 0 and room < delta) or (delta < 0 and room > delta) then delta = room end
        for _, part in ipairs({ 1, 2 }) do
          local move = a[1] == "integer" and delta // part or delta / part
          local x, y = a[4] - move, b[4] + move
          if move ~= 0 and y >= lo and y <= hi then
            local out = copyRecord(drawn)
            out[i] = { a[1], a[2], a[3], x, a[5] }
            out[j] = { b[1], b[2], b[3], y, b[5] }
            if try(sh, out) then return true end
          end
        end
      end
    end
  end
  return false
end

--- Shrinks a failing run to the simplest record that fails the same way (S.identity): the passes repeat until
--- none helps or the budget is spent. The costly ones (pairs of steps, sums) run only in a round the others
--- could not improve. Gives the best run, the replays made, and whether the budget cut it short.
function S.shrink(ex, failing, steps)
  local sh = { ex = ex, steps = steps, best = failing, seen = {}, tries = 0, cut = false,
    identity = S.identity(failing.failure) }
  local cheap = { deleteChunks, deleteRuns, trivialSteps, lowerDuplicates, lowerEach, reorder }
  local costly = { deletePairs, redistribute }
  while not sh.cut do
    local improved = false
    for _, pass in ipairs(cheap) do
      if pass(sh) then improved = true end
    end
    if not improved then
      for _, pass in ipairs(costly) do
        if not improved and pass(sh) then improved = true end
      end
    end
    if not improved then break end
  end
  return sh.best, sh.tries, sh.cut
end

return S
