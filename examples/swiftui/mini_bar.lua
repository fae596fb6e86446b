-- The mini bar of "Write a piece the way SwiftUI is written", as a Lua piece with a body: a view tree laid out on
-- the stage's screen, each view given an id an element of the piece. Every expected number is worked out by hand
-- from SwiftUI's layout rules beside it, never read back from the engine.
--
-- The screen is the stage's default: 393 x 852 points, safe area 59 on top and 34 at the bottom, so the root view
-- is offered the safe area, 393 x 759, and centred in it, as a SwiftUI root view is.

-- One pixel at 3x: where SwiftUI centres a view in an odd leftover, the engine may land it on the pixel grid.
local PIXEL = 1 / 3 + 1e-9

local function bar(s)
  return s:piece{ name = "bar", state = { playing = false, raised = false },
    body = function(st)
      return ui.HStack{ spacing = 12,
        ui.RoundedRectangle{ cornerRadius = 10 }:frame{ width = 46, height = 46 }:id("art"),
        ui.VStack{ alignment = "leading", spacing = 1,
          ui.Text("Midnight Drive"):font("subheadline", "semibold"):id("title"),
          ui.Text("The Night Owls"):font("caption"):id("subtitle") }:lineLimit(1),
        ui.Spacer{ minLength = 0 },
        ui.Image(st.playing and "pause.fill" or "play.fill"):font("title3")
          :frame{ minWidth = 44, minHeight = 44 }:id("play"),
      }:padding{ horizontal = 10 }:frame{ minHeight = 64 }
       :background(ui.RoundedRectangle{ cornerRadius = 18 }:id("background"))
       :padding{ horizontal = 12 }:padding{ bottom = st.raised and 40 or 8 }
    end,
    onTouch = function(st, touch)
      if touch.phase == "ended" then st.playing = not st.playing return motion.roles.reveal end
    end,
    readings = { playing = function(st) return st.playing end },
  }
end

-- The sizes, outside in, on a 393-point-wide offer:
--   padding bottom 8 and horizontal 12 leave 393 - 24 = 369 for the background's view;
--   frame(minHeight: 64) passes the width on; padding horizontal 10 leaves the HStack 369 - 20 = 349;
--   the HStack holds a Spacer, so it takes all 349; its height is its tallest child's: the art's 46 (the texts
--   are two lines of about 20 + 1 + 16 = 37, the play button's frame max(44, symbol) = 44; a Spacer has no height
--   across its stack);
--   the flexible frame is max(64, 46) = 64 high, the HStack centred in it: (64 - 46) / 2 = 9 down;
--   the whole bar: 369 + 24 = 393 wide, 64 + 8 = 72 high, centred in the safe area:
--   y = 59 + (759 - 72) / 2 = 59 + 343.5 = 402.5.
test("the bar lays out as SwiftUI lays it out", function()
  local s = Stage{}
  bar(s)
  s:advance(0.1)
  local f = s:frame().bar
  -- The background is the frame's: x 12 (the outer padding), y 402.5, 369 x 64.
  expect(f.background).toBeCloseTo({ x = 12, y = 402.5, w = 369, h = 64 }, PIXEL)
  expect(f.background.cornerRadius).toBe(18)
  -- The art: the HStack's first child, at 12 + 10 = 22, 402.5 + 9 = 411.5, its fixed 46 x 46.
  expect(f.art).toBeCloseTo({ x = 22, y = 411.5, w = 46, h = 46 }, PIXEL)
  -- The play button: the HStack's last child, flush with its trailing edge: 22 + 349 - 44 = 327; centred on the
  -- HStack's 46: 411.5 + (46 - 44) / 2 = 412.5.
  expect(f.play).toBeCloseTo({ x = 327, y = 412.5, w = 44, h = 44 }, PIXEL)
  expect(f.play.symbol).toBe("play.fill")
  -- The texts: after the art and one spacing, 22 + 46 + 12 = 80, lined up on their leading edges; the subtitle
  -- one point below the title; the pair centred on the HStack's 46.
  expect(f.title.x).toBeCloseTo(80, PIXEL)
  expect(f.subtitle.x).toBeCloseTo(80, PIXEL)
  expect(f.subtitle.y).toBeCloseTo(f.title.y + f.title.h + 1, PIXEL)
  local pair = f.title.h + 1 + f.subtitle.h
  expect(f.title.y).toBeCloseTo(411.5 + (46 - pair) / 2, PIXEL)
  expect(f.title.text).toBe("Midnight Drive")
  expect(f.title.fontWeight).toBe("semibold")
  expect(f.title.lines).toBe(1)
end)

test("a tap on play changes the symbol the same element shows", function()
  local s = Stage{}
  local b = bar(s)
  s:advance(0.1)
  b:tap("play")
  s:advance(0.1)
  expect(b.playing).toBe(true)
  expect(s:frame().bar.play.symbol).toBe("pause.fill")
end)

-- Raised, the bottom padding is 40: the bar is 64 + 40 = 104 high, centred at y = 59 + (759 - 104) / 2 = 386.5;
-- the background keeps its size and moves from 402.5 to 386.5, animated like any Lua piece's element.
test("a change of state animates each element's rect between the two layouts", function()
  local s = Stage{}
  local b = bar(s)
  s:advance(0.1)
  b:set({ raised = true }, motion.roles.reveal)
  s:frames(2)
  local y = s:frame().bar.background.y
  expect(y).toBeLessThan(402.5)
  expect(y).toBeGreaterThan(386.5)
  s:settle()
  expect(s:frame().bar.background).toBeCloseTo({ x = 12, y = 386.5, w = 369, h = 64 }, PIXEL)
  expect(s:frame().bar.art.y).toBeCloseTo(386.5 + 9, PIXEL)
end)
