-- The app changes the track while the open player still springs back from a drag. The change has no animation
-- of its own, so it moves what the spring carries by exactly the change, and the spring plays on around the new
-- place: SwiftUI shows a change made while an animation runs the same way. Found by exploring with drawn waits
-- (examples/explore/mini_player.lua): the player used to snap home, 704 to 552 points in one frame.
local P = require("_player")

-- "Interlude" has no artist: its subtitle line is empty, so the lines below it sit higher.
local tracks = {
  { title = "Midnight Drive", artist = "The Night Owls", duration = 200 },
  { title = "Paper Planes", artist = "The Night Owls", duration = 180 },
  { title = "Interlude", artist = "", duration = 40 },
}

-- Open the player, pull it down 174 points in 58 ms and let go (it springs back), all at one instant; then,
-- when `skip` is set, the app skips back, which wraps to "Interlude".
local function dragThenMaybeSkip(skip)
  local s = P.stage{ fps = 60 }
  local player, mp = P.miniPlayer(s, { tracks = tracks })
  mp:tap("bar")
  mp:drag{ dy = 174, duration = 0.058 }
  local from = s:now()
  if skip then player:skip("previous") end
  s:settle()
  return P.series(s, "progress", "y", from), s:frame().miniPlayer.progress.y
end

test("a track change during the spring-back moves the player by the change alone", function()
  local moved, restMoved = dragThenMaybeSkip(true)
  local still, restStill = dragThenMaybeSkip(false)
  -- The change is where the progress bar rests with the one track against the other.
  local change = restMoved - restStill
  expect(change).toBeLessThan(0)
  -- The first frame is the drag's last, before the skip: the same in both. On every frame after it the two
  -- differ by exactly that change: the spring-back is the same spring in both, carried around the new place in one.
  local a, b = moved:list(), still:list()
  expect(#a).toBe(#b)
  expect(a[1]).toBe(b[1])
  for i = 2, #a do
    expect(a[i] - b[i]).toBeCloseTo(change, 1e-9)
  end
  -- And the spring-back was still under way when the track changed: well away from its rest.
  expect(b[2] - restStill).toBeGreaterThan(100)
end)
