-- The ExpandingMiniPlayer written as SwiftUI writes it: a Lua piece whose body is a view tree, laid out by the
-- engine, next to the stage's own `s:miniPlayer`, whose Swift layout is the same piece worked out by hand. Each
-- view the two share carries the name of the mini player's element, so every rect can be compared, closed and
-- open, at three text sizes, in both layout directions.

-- An iPhone-sized stage (393 x 852, safe area 59 on top and 34 below) at 120 fps, as the mini player examples use.
local function stage(options)
  local o = { width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  for k, v in pairs(options or {}) do o[k] = v end
  return Stage(o)
end

-- The named guess both sides use for a linear ProgressView's height (MiniPlayerLayout.progressHeight).
local PROGRESS_HEIGHT = 4
local TOUCH = 44

-- A play or transport button: its symbol in `font`, in a touch area of at least 44 x 44.
local function symbolButton(symbol, font, id)
  return ui.Button(ui.Image(symbol):font(font):frame{ minWidth = TOUCH, minHeight = TOUCH }:id(id))
end

-- The bar: artwork, the two lines and room, then play; 10 in, at least the scaled bar height, on its rounded
-- background, 12 from the sides and 8 above the bottom.
local function miniBar(st, env)
  local barHeight = ui.scaledMetric(64, "subheadline", env.dynamicTypeSize)
  local artSide = ui.scaledMetric(46, "subheadline", env.dynamicTypeSize)
  return ui.HStack{ spacing = 12,
    ui.Button(ui.HStack{ spacing = 12,
      ui.RoundedRectangle{ cornerRadius = 10 }:frame{ width = artSide, height = artSide }:id("art"),
      ui.VStack{ alignment = "leading", spacing = 1,
        ui.Text(st.title):font("subheadline", "semibold"):id("miniTitle"),
        ui.Text(st.subtitle):font("caption"):foregroundStyle("secondary"):id("miniSubtitle"),
      }:lineLimit(1),
      ui.Spacer{ minLength = 0 },
    }):accessibilityLabel("Open player"),
    symbolButton(st.playing and "pause.fill" or "play.fill", "title3", "miniPlay"),
  }:padding{ horizontal = 10 }:frame{ minHeight = barHeight }
   :background(ui.RoundedRectangle{ cornerRadius = 18 }:fill("regularMaterial"):id("background"))
   :padding{ horizontal = 12 }:padding{ bottom = 8 }
end

-- The full player: a column of the close button, the square artwork (lowest priority: it takes what the others
-- leave, up to 360 wide), the two lines, the progress bar, the transport row and a closing spacer.
local function fullPlayer(st)
  return ui.VStack{ spacing = 24,
    ui.Button(ui.Image("chevron.compact.down"):font("largeTitle"):foregroundStyle("secondary")
      :frame{ maxWidth = math.huge, minHeight = TOUCH }:id("chevron")):accessibilityLabel("Close player"),
    ui.Color("clear"):aspectRatio(1, "fit"):id("art"):frame{ maxWidth = 360 }:layoutPriority(-1),
    ui.VStack{ spacing = 6,
      ui.Text(st.title):font("title2", "bold"):id("title"),
      ui.Text(st.subtitle):font("body"):foregroundStyle("secondary"):id("subtitle"),
    }:lineLimit(2),
    ui.Rectangle():frame{ height = PROGRESS_HEIGHT }:id("progress"),
    ui.HStack{ spacing = 44,
      symbolButton("backward.fill", "title", "previous"),
      symbolButton(st.playing and "pause.fill" or "play.fill", "largeTitle", "play"),
      symbolButton("forward.fill", "title", "next"),
    },
    ui.Spacer{ minLength = 0 },
  }:padding{ horizontal = 28 }:padding{ top = 8 }
   :frame{ maxWidth = math.huge, maxHeight = math.huge }
   :background(ui.Rectangle():fill("thickMaterial"):id("background"):ignoresSafeArea())
   :zIndex(1)
end

--- The body piece on stage `s`, playing `title` by `subtitle`.
local function bodyPlayer(s, title, subtitle)
  return s:piece{ name = "bodyPlayer",
    state = { open = false, playing = false, title = title, subtitle = subtitle },
    body = function(st, env)
      local barHeight = ui.scaledMetric(64, "subheadline", env.dynamicTypeSize)
      return ui.ZStack{ alignment = "bottom",
        ui.Color("background"):safeAreaPadding{ bottom = barHeight + 16 }:accessibilityHidden(st.open),
        st.open and fullPlayer(st) or miniBar(st, env),
      }
    end,
  }
end

local TRACK = { title = "Midnight Drive", artist = "The Night Owls", duration = 200 }
local LONG = { title = "A Slow Walk Home Through the Quiet Streets of an Old Town", artist = "The Night Owls",
               duration = 200 }

-- Both players on one stage, closed or settled open.
local function both(size, direction, track, open)
  local s = stage{ dynamicTypeSize = size, layoutDirection = direction }
  local mp = s:miniPlayer{ player = s:player{ tracks = { track }, time = 40 } }
  local b = bodyPlayer(s, track.title, track.artist)
  s:frames(1)
  if open then
    mp:tap()
    b:set({ open = true })
  end
  s:settle()
  return s:frame(), b
end

local SHARED = {
  closed = { "background", "art", "miniTitle", "miniSubtitle", "miniPlay" },
  open = { "background", "art", "chevron", "title", "subtitle", "progress", "previous", "play", "next" },
}

local rows = {}
for _, track in ipairs({ TRACK, LONG }) do
  for _, size in ipairs({ "large", "xxxLarge", "accessibility3" }) do
    for _, direction in ipairs({ "leftToRight", "rightToLeft" }) do
      for _, state in ipairs({ "closed", "open" }) do
        rows[#rows + 1] = { track.title, size, direction, state }
      end
    end
  end
end

-- The oracle is the hand model, itself worked out by hand from the seed's numbers (examples/mini_player/*.lua and
-- the MiniPlayerLayout tests check it): two independent derivations of one layout, to 0.01 pt.
test.each(rows, "%s at %s, %s, %s: every shared element has s:miniPlayer's rect",
  function(title, size, direction, state)
    local track = title == TRACK.title and TRACK or LONG
    local f = both(size, direction, track, state == "open")
    for _, name in ipairs(SHARED[state]) do
      local mine, theirs = f.bodyPlayer[name], f.miniPlayer[name]
      expect(mine).never.toBeNil()
      expect({ name = name, x = mine.x, y = mine.y, w = mine.w, h = mine.h })
        .toBeCloseTo({ name = name, x = theirs.x, y = theirs.y, w = theirs.w, h = theirs.h }, 0.01)
    end
  end)

-- The artwork is one element, closed and open: a change of state animates its rect from the bar's 46 x 46 at
-- x 22 (12 + 10), y 852 - 34 - 8 - 64 + 9 = 755, to the player's square, so between the two it is in between.
test("opening the body player moves the artwork continuously from the bar to the player", function()
  local s = stage{}
  local b = bodyPlayer(s, TRACK.title, TRACK.artist)
  s:frames(1)
  local closed = s:frame().bodyPlayer.art
  expect(closed).toBeCloseTo({ x = 22, y = 755, w = 46, h = 46 }, 1e-9)
  local from = s:now()
  b:set({ open = true }, motion.roles.reveal)
  s:settle()
  local open = s:frame().bodyPlayer.art
  local widths = s:frames{ from = from }:map(function(f) return f.bodyPlayer.art.w end):list()
  local ys = s:frames{ from = from }:map(function(f) return f.bodyPlayer.art.y end):list()
  expect(#widths).toBeGreaterThan(10)
  local biggestStep = 0
  for i = 2, #widths do
    biggestStep = math.max(biggestStep, math.abs(widths[i] - widths[i - 1]), math.abs(ys[i] - ys[i - 1]))
  end
  -- No jump: each 1/120 s frame moves it a small share of the way (the whole way is about 290 wide, 680 up).
  expect(biggestStep).toBeLessThan(0.2 * math.abs(open.y - closed.y))
  expect(widths[math.floor(#widths / 4)]).toBeGreaterThan(closed.w)
  expect(widths[math.floor(#widths / 4)]).toBeLessThan(open.w)
  expect(open.w).toBe(open.h)
end)
