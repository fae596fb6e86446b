--! plugins: toast
-- A scenario using a plugin: the toast banner (examples/plugins/toast) is a Lua piece the plugin adds to every
-- stage as s:toast{...}; it drops in under the status bar and leaves when swiped up hard enough.

local function stage()
  return Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
end

test("the toast drops in under the status bar on reveal", function()
  local s = stage()
  s:toast{ text = "Saved to Library" }
  s:settle()
  local b = s:frame().toast.banner
  expect(b).toBeCloseTo({ x = 16, y = 59 + 8, w = 361, h = 56 }, 1e-9)
  expect(b.text).toBe("Saved to Library")
  expect(b).toBeOnScreen(852)
end)

test("a strong upward swipe dismisses it, a weak one lets it spring back", function()
  local s = stage()
  local toast = s:toast{ text = "Saved" }
  s:settle()
  toast:drag{ dy = -20 }                       -- lifted at rest: 20 pt is under half the banner
  s:settle()
  expect(s:frame().toast.banner.y).toBe(67)
  toast:fling{ dy = -20, velocity = 600 }      -- coasts 20 + 600 * 0.099 = 79 pt: past 28
  s:settle()
  expect(s:frame().toast.banner).never.toBeOnScreen(852)
  expect(s:frame().toast.banner.opacity).toBe(0)
end)

test("VoiceOver reads the toast and escape dismisses it", function()
  local s = stage()
  local toast = s:toast{ text = "Saved" }
  s:settle()
  expect(toast:accessibility()[1].label).toBe("Saved")
  toast:perform("escape", "banner")
  s:settle()
  expect(#toast:accessibility()).toBe(0)
end)

test("a toast without text is refused, naming the option", function()
  local s = stage()
  expect(function() s:toast{} end).toThrow("stage:toast: option 'text' must be a non-empty string")
end)
