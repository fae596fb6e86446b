-- piecebox:explain: the hints the sandbox adds to an error's message (sandbox.lua loads it on first need).
-- What the sandbox hands it: the script's globals, its stable `next`, a frame view's filling, and the libraries as
-- they were when the sandbox started.
local G, stableNext, fill, concat, sub, abs, min, type, ipairs, rawget, getmetatable = ...
local function names(t, skip)
  local out = {}
  for k in stableNext, t do
    if type(k) == "string" and not (skip and skip[k]) then out[#out + 1] = k end
  end
  return out
end
-- Edits (insert, delete, replace, swap two neighbours) from a to b; stops counting past `limit`.
local function distance(a, b, limit)
  if abs(#a - #b) > limit then return limit + 1 end
  local prev2, prev = nil, {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    local best = i
    for j = 1, #b do
      local cost = sub(a, i, i) == sub(b, j, j) and 0 or 1
      local d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if prev2 and i > 1 and j > 1 and sub(a, i, i) == sub(b, j - 1, j - 1) and sub(a, i - 1, i - 1) == sub(b, j, j) then
        d = min(d, prev2[j - 2] + 1)
      end
      cur[j] = d
      if d < best then best = d end
    end
    if best > limit then return limit + 1 end
    prev2, prev = prev, cur
  end
  return prev[#b]
end
local frameFields = { t = true, frame = true, events = true }
-- The nearest of `candidates` to `name`: the same slips as a misspelt member's hint (NearName), one up to five
-- letters, two past that.
local function nearest(name, candidates)
  local limit = #name <= 5 and 1 or 2
  local best, bestDistance = nil, limit + 1
  for _, candidate in ipairs(candidates) do
    local d = distance(name, candidate, limit)
    if d == 0 then return nil end
    if d < bestDistance then best, bestDistance = candidate, d end
  end
  return best
end
-- The message with its hint, for a message the sandbox matched: "attempt to <do> a nil value (<kind> '<name>')",
-- a field the frame table last missed (`lastMiss`) or a global.
return function(message, kind, name, lastMiss)
  if kind == "field" then
    local mt = fill(lastMiss.t)
    local piece = type(mt) == "table" and rawget(mt, "__piece")
    if type(piece) == "string" then
      return message .. "; the frame's piece '" .. piece .. "' has no element '" .. name .. "' (its elements: "
        .. concat(names(lastMiss.t), ", ") .. ")"
    elseif piece == false then
      local pieces = names(lastMiss.t, frameFields)
      return message .. "; the frame has no piece '" .. name .. "' ("
        .. (#pieces == 0 and "the stage has no pieces" or "its pieces: " .. concat(pieces, ", ")) .. ")"
    end
  elseif kind == "global" or kind == "among" then
    -- "among": the caller's own names (a matcher's, say), in lastMiss's place.
    local best = nearest(name, kind == "global" and names(G) or lastMiss)
    if best ~= nil then return message .. "; did you mean '" .. best .. "'?" end
  elseif kind == "property" then
    -- A property an element's table does not hold: what the element is, and what it holds.
    local mt = getmetatable(lastMiss.t)
    local element = type(mt) == "table" and rawget(mt, "__element")
    if type(element) ~= "string" then return nil end
    local held = names(lastMiss.t)
    local best = nearest(name, held)
    return element .. " has no property '" .. name .. "' (its properties: " .. concat(held, ", ") .. ")"
      .. (best and ("; did you mean '" .. best .. "'?") or "")
  end
  return message
end
