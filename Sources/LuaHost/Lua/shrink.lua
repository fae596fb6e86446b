-- piecebox:shrink: makes a failing run of an exploration simpler (explore.lua loads this chunk with it): the
-- record of the run's draws is edited (steps dropped, draws made simpler) and replayed, and the simplest record
-- that still fails the same way is kept, as Hypothesis shrinks its choice sequences.
local host, lib, W, M, R = ...
local tostring, ipairs = lib.tostring, lib.ipairs
local concat, floor = lib.concat, lib.floor
local collect = lib.collectgarbage
local runOnce = R.runOnce
local _, _ = host, W

local S = {}

--- What makes two failures one failure: a candidate must keep it to count as a simpler run of the same failure,
--- and failures with different identities are told apart. Today: the rule and where it broke, or the error's place.
function S.identity(failure)
  return failure.origin
end

-- How simple a run's record is, to compare two: fewer draws first, then each draw's distance from its simplest.
-- A whole number is simpler than any fraction (as Hypothesis orders floats), so 41 beats 40.0000017.
local FRACTION = 2 ^ 60
local function weight(d)
  local kind, v = d[1], d[4]
  if kind == "bool" then return v and 1 or 0 end
  if kind == "pick" then return v end
  local a, b = d[2], d[3]
  local lo, hi = a < b and a or b, a < b and b or a
  local simplest = lo > 0 and lo or (hi < 0 and hi or 0)
  local dist = v - simplest
  dist = dist < 0 and -dist or dist
  return floor(v) == v and dist or FRACTION + dist
end

S.weight = weight

local function simpler(x, y)
  if #x ~= #y then return #x < #y end
  for i = 1, #x do
    local a, b = weight(x[i]), weight(y[i])
    if a ~= b then return a < b end
  end
  return false
end

local function key(record)
  local parts = {}
  for i, d in ipairs(record) do parts[i] = tostring(d[4]) end
  return concat(parts, "|")
end

local function copyRecord(record, from, to)
  local out = {}
  for i = from or 1, to or #record do out[#out + 1] = record[i] end
  return out
end

local function with(record, i, value)
  local out = copyRecord(record)
  local d = record[i]
  out[i] = { d[1], d[2], d[3], value }
  return out
end

--- Shrinks a failing run to the simplest record that breaks the same rule at the same place.
function S.shrink(ex, failing, steps)
  local origin = S.identity(failing.failure)
  local best = failing
  local seen, tries = {}, 0
  local function try(record)
    if tries >= M.shrinkBudget then return false end
    local k = key(record)
    if seen[k] then return false end
    seen[k] = true
    tries = tries + 1
    if tries % M.collectEvery == 0 then collect("collect") end
    local r = runOnce(ex, { record = record }, steps)
    if r.src.overran or not r.failure or S.identity(r.failure) ~= origin then return false end
    if simpler(r.drawn, best.drawn) then
      best = r
      return true
    end
    return false
  end
  local improved = true
  while improved and tries < M.shrinkBudget do
    improved = false
    -- Fewer actions: drop each step's draws, the last first, then two neighbouring steps at once.
    for width = 1, 2 do
      local i = #best.spans
      while i >= 1 do
        local spans = best.spans
        local a, b = spans[i], spans[i + width - 1]
        if a and b then
          local candidate = copyRecord(best.drawn, 1, a.first - 1)
          for j = b.last + 1, #best.drawn do candidate[#candidate + 1] = best.drawn[j] end
          if try(candidate) then improved = true end
        end
        i = i - 1
        if i > #best.spans then i = #best.spans end
      end
    end
    -- Simpler actions: an earlier action in the list, its own draws kept as far as they fit.
    for i = 1, #best.spans do
      local span = best.spans[i]
      if span then
        local d = best.drawn[span.first]
        for choice = 0, (d and d[4] or 0) - 1 do
          if tries >= M.shrinkBudget then break end
          if try(with(best.drawn, span.first, choice)) then improved = true; break end
        end
      end
    end
    -- Each draw toward its simplest: the simplest itself, then halfway, then a whole number.
    for i = 1, #best.drawn do
      local d = best.drawn[i]
      if d and weight(d) > 0 then
        local kind, a, b, v = d[1], d[2], d[3], d[4]
        if kind == "bool" then
          if try(with(best.drawn, i, false)) then improved = true end
        elseif kind == "pick" then
          for choice = 0, v - 1 do
            -- Every pass stops at the budget: a pick from a list of 2^40 options never counts them all.
            if tries >= M.shrinkBudget then break end
            if try(with(best.drawn, i, choice)) then improved = true; break end
          end
        else
          local lo, hi = a < b and a or b, a < b and b or a
          local target = lo > 0 and lo or (hi < 0 and hi or 0)
          if try(with(best.drawn, i, target)) then
            improved = true
          else
            -- Binary search between the simplest (which passes) and the value (which fails).
            local good, bad = v, target
            for _ = 1, 24 do
              local mid = (good + bad) / 2
              if kind == "integer" then mid = floor(mid) end
              if mid == good or mid == bad then break end
              if best.drawn[i] and try(with(best.drawn, i, mid)) then good = mid; improved = true else bad = mid end
            end
            -- A whole number: toward the simplest, else the next one away from it (a threshold between them).
            local current = best.drawn[i] and best.drawn[i][4]
            if kind == "number" and current and floor(current) ~= current then
              local near = current > target and floor(current) or -floor(-current)
              local far = current > target and near + 1 or near - 1
              if near >= lo and near <= hi and try(with(best.drawn, i, near)) then
                improved = true
              elseif far >= lo and far <= hi and try(with(best.drawn, i, far)) then
                improved = true
              end
            end
          end
        end
      end
    end
  end
  return best, tries, tries >= M.shrinkBudget
end

return S
