--! expect-error: the loop may never end
--! max-memory: 8
-- A wait for something that never comes: the predicate can never hold, so runUntil renders until the kept frames
-- fill the 8 MiB cap. At 1 fps an hour is 3,600 frames, and a frame of one element keeps about 110 bytes, so the cap
-- is reached hours in: the message gives the advice to keep fewer frames and says the loop may never end.
test("a runUntil whose predicate never holds", function()
  local s = Stage{ fps = 1 }
  s:piece{ name = "dot", layout = function() return { dot = { x = 0, y = 0, w = 1, h = 1 } } end }
  s:runUntil(function(f) return f.dot.dot.x > 0 end, 1e6)
end)
