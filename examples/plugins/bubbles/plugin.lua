-- Bubbles that bud out of a round parent and melt back into it, written as a Lua piece on the foundation the
-- Swift pieces use: s:buds (the bud rules and timing NowPlaying's skip bubbles follow) and motion.liquid.
--   local b = s:bubbles{ name = "bubbles" }
--   b:bloom{ "a", "b", "c" }          -- out to the right of the parent, 50 ms apart, on the split spring
--   b:gather{ "b", "c" }              -- home, last first, 40 ms apart, on the home spring; gone 0.52 + 2 x 0.04 s later
-- A Swift piece laid out by the same rule matches it frame for frame (Tests/LuaHostTests/BudParityTests.swift).

-- The parent: a 60 pt circle centred at (180, 430). A bubble is 44 pt; out, bubble i (in the order it was added)
-- rests `apart` (26 pt) beyond the one before it: centre x = 180 + 30 + 26 + 22 + (i - 1) x (44 + 26).
local parent = { x = 150, y = 400, w = 60, h = 60 }
local side = 44

local function layout(state, _env)
  local elements = { parent = { x = parent.x, y = parent.y, w = parent.w, h = parent.h } }
  local cx, cy = parent.x + parent.w / 2, parent.y + parent.h / 2
  for i, id in ipairs(state.buds.present) do
    local out = state.buds:isOut(id)
    local x = out and cx + parent.w / 2 + motion.liquid.apart + side / 2 + (i - 1) * (side + motion.liquid.apart) or cx
    local scale = out and 1 or motion.liquid.homeScale
    elements["bubble." .. id] = { x = x - side / 2, y = cy - side / 2, w = side, h = side, scale = scale }
  end
  return elements
end

local function bubbles(s, o)
  o = o or {}
  local name = o.name or "bubbles"
  local buds = s:buds{ name = name }
  local piece = s:piece{ name = name, state = { buds = buds }, layout = layout }
  return {
    piece = piece, buds = buds,
    bloom = function(_self, ids, stagger) buds:bloom(ids, stagger) end,
    gather = function(_self, ids, stagger) buds:gather(ids, stagger) end,
  }
end

return {
  description = "s:bubbles{ name }: a Lua piece that buds bubbles out of a parent (bloom, gather)",
  methods = { stage = { bubbles = bubbles } },
}
