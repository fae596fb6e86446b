-- What the explorations here share: how long a swipe may take, and how a rule list is put together.
local E = {}

-- How long a swipe of (dx, dy) takes, drawn from its shortest to `most` seconds.
-- A finger moves at most 3000 points a second (50 a frame at 60 fps), a fast swipe: a faster one jumps between
-- frames, and a part that follows the finger one for one shows that jump by design (the sheet's deep run found it
-- so: a drag of 469 points in 0.052 s moved the sheet 153 points in one frame).
function E.swipeTime(gen, dx, dy, most)
  return gen.number(math.max(0.05, math.sqrt(dx * dx + dy * dy) / 3000), most)
end

-- The rules `base` names (a rule by name, or name = options), with the named ones and tables of rules with
-- options added after them.
function E.rules(base, ...)
  local out = {}
  for k, v in pairs(base) do out[k] = v end
  for _, r in ipairs({ ... }) do
    if type(r) == "table" then for k, v in pairs(r) do out[k] = v end else out[#out + 1] = r end
  end
  return out
end

return E
