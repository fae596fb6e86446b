-- Buds under a piece written in Lua, explored: bubbles bloomed out of a parent and gathered home in any order and
-- number, with waits between. The bud rules (docs/pieces/buds.md) send each bubble out on the split spring and home
-- on the home spring, and remove it once home; the piece lays each out from `buds:isOut` alone, as the bubbles plugin
-- does. So nothing is left moving, and every bubble is in the piece's frame exactly while the buds hold it.

local parent = { x = 20, y = 400, w = 60, h = 60 }
local side = 44
local ids = { "a", "b", "c" }

local function layout(state)
  local elements = { parent = { x = parent.x, y = parent.y, w = parent.w, h = parent.h } }
  local cx, cy = parent.x + parent.w / 2, parent.y + parent.h / 2
  for i, id in ipairs(ids) do
    if state.buds:contains(id) then
      local out = state.buds:isOut(id)
      local x = out and cx + parent.w / 2 + motion.liquid.apart + side / 2 + (i - 1) * (side + motion.liquid.apart) or cx
      elements["bubble." .. id] = { x = x - side / 2, y = cy - side / 2, w = side, h = side,
        scale = out and 1 or motion.liquid.homeScale }
    end
  end
  return elements
end

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = reduceMotion }
  local buds = s:buds{ name = "bubbles" }
  local piece = s:piece{ name = "bubbles", state = { buds = buds }, layout = layout }
  s:frames(1)
  return s, { buds = buds, piece = piece }
end

-- A non-empty choice of the bubbles, in the order drawn.
local function some(gen)
  local chosen = {}
  for _, id in ipairs(ids) do if gen.bool() then chosen[#chosen + 1] = id end end
  gen.assume(#chosen > 0)
  return chosen
end

local actions = {
  bloom = function(s, w, gen) w.buds:bloom(some(gen)) end,
  gather = function(s, w, gen) w.buds:gather(some(gen)) end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
}

-- Once the stage is at rest, the frame holds a bubble exactly when the buds do.
local function framed(s, w)
  s:settle()
  local f = s:frame().bubbles
  for _, id in ipairs(ids) do
    expect(f["bubble." .. id] ~= nil).toBe(w.buds:contains(id))
  end
end

explore("bubbles bloom and gather without a jump, and rest as the buds hold them", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = { "finite", "continuous", "settles", "onScreen" },
  check = framed,
  steps = 20, runs = 100,
})

explore("under Reduce Motion bubbles still rest as the buds hold them", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = { "finite", "settles", "onScreen" },
  check = framed,
  steps = 20, runs = 100,
})
