-- The recipe page read top to bottom: the island's title follows the section at the top of the page, the ring
-- tracks the reading frame by frame, and the back-to-top bubble buds once the reader leaves the first section.
local R = require("_recipe")

test("reading the recipe top to bottom", function()
  local s = R.stage()
  local page = R.recipe(s)
  local f = s:frame()
  expect(f.scrollIsland.title.text).toBe("Overview")
  expect(f.scrollIsland.position.text).toBe("1 of 5")
  expect(f.scrollIsland.ring.arc).toBe(0)
  expect(f.scrollIsland.bubble).toBeNil()
  -- the closed capsule hugs its bar, 8 points above the bottom safe area
  expect(f.scrollIsland.glass.y + f.scrollIsland.glass.h).toBe(852 - 34 - 8)
  expect(f.scrollIsland.glass.radius).toBe(24)

  local start = s:now()
  local budded
  -- a thumb's worth at a time, the way a reader scrolls: 300 points up over half a second, lifted at rest
  while page.offset < page.maxOffset - 0.5 do
    page:drag{ dy = -300, duration = 0.5 }
    s:settle()
  end
  for _, fr in ipairs(s:frames{ from = start }:list()) do
    -- the arc is the page's reading in every frame: a scroll tracks, it never sweeps
    expect(fr.scrollIsland.ring.arc).toBe(fr.page.content.read)
    -- the title names the section at the anchor once the morph has had its frame
    if fr.scrollIsland.bubble and fr.scrollIsland.bubble.out and not budded then budded = fr.t end
  end
  expect(page.readFraction).toBe(1)
  expect(s:frame().scrollIsland.title.text).toBe(page:section(page.sectionAtAnchor).title)
  expect(page.selection).toBe(page.sectionAtAnchor)

  -- the bubble went out 24 ms after the selection first left "overview"
  local left
  for _, fr in ipairs(s:frames{ from = start }:list()) do
    -- nil (logged as "") reads as the first section
    local id = fr.page.content.selection
    if id ~= "" and id ~= "overview" then left = fr.t break end
  end
  expect(budded - left).toBeCloseTo(0.024, 1 / 120)
  local g, b = s:frame().scrollIsland.glass, s:frame().scrollIsland.bubble
  expect(b.x + b.w + 4).toBeCloseTo(g.x, 1e-9)          -- joined by a 4-point neck at the leading end
  expect((b.x + g.x + g.w) / 2).toBeCloseTo(393 / 2, 1e-9)  -- the pair centred together
end)

test("the title morphs on the morph spring as the glass resizes", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  local before = s:frame().scrollIsland.glass.w
  page:scroll{ to = "ingredients" }
  s:frames(1)
  local changed = s:now()
  expect(s:frame().scrollIsland.title.text).toBe("Ingredients")
  expect(s:frame().scrollIsland.title.morph).toBe("letters")
  -- "Overview" to "Ingredients": the shared r (place 4) holds still, every other letter grows in from 0.6 on a
  -- 0.42 s spring (bounce 0.3), 22 ms later for each place along the title
  local f = s:frame().scrollIsland
  expect(f["title.letter.4"].opacity).toBe(1)
  expect(f["title.letter.1"].scale).toBe(0.6)
  s:advance(0.1)
  local letter = motion.spring{ duration = 0.42, bounce = 0.3 }
  f = s:frame().scrollIsland
  expect(f["title.letter.1"].opacity).toBeCloseTo(letter:value(s:now() - changed), 1e-9)
  expect(f["title.letter.2"].opacity).toBeCloseTo(letter:value(s:now() - changed - 0.022), 1e-9)
  expect(f["title.letter.11"].opacity).toBe(0)                 -- 10 places × 22 ms: still waiting
  s:settle()
  expect(s:frame().scrollIsland["title.letter.11"].opacity).toBe(1)
  local widths = s:frames{ from = changed }:map(function(fr) return fr.scrollIsland.glass.w end)
  expect(widths:last()).toBe(island.layout.glass.w)
  expect(widths:last()).toBeGreaterThan(before)
  -- the morph spring's own give: its peak past the target, sampled like the frames
  local morph, peak = motion.spring{ duration = 0.4, bounce = 0.2 }, 0
  for i = 1, 120 do peak = math.max(peak, morph:value(i / 120) - 1) end
  expect(widths).toOvershootBy(peak, 0.003)
end)

test("a jump sweeps the ring without overshoot", function()
  local s = R.stage()
  local page = R.recipe(s)
  page:scroll{ to = "serving" }
  local from = s:now()
  s:settle()
  local arcs = s:frames{ from = from }:map(function(fr) return fr.scrollIsland.ring.arc end)
  expect(arcs:last()).toBe(page.readFraction)
  expect(arcs).toNeverDecrease()
  expect(arcs).toNeverExceed(page.readFraction + 1e-12)
  expect(arcs).toSettleWithin(0.5)
end)
