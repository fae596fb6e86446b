-- The toast piece itself: state, layout and handlers, animated by the stage like any built-in piece.
local M = {}

M.height = 56
M.margin = 8
-- An upward swipe dismisses when the finger would coast past this share of the banner's height.
M.dismissShare = 0.5

function M.show(s, options)
  local text = options.text
  if type(text) ~= "string" or text == "" then error("stage:toast: option 'text' must be a non-empty string", 3) end

  local piece
  piece = s:piece{
    name = "toast",
    state = { shown = false, lift = 0, text = text },
    parts = { "banner" },
    layout = function(state, env)
      local rest = env.safeArea.top + M.margin
      local y = state.shown and rest + math.min(state.lift, 0) or -M.height - 20
      return { banner = { x = 16, y = y, w = env.width - 32, h = M.height, radius = M.height / 2,
                          opacity = state.shown and 1 or 0, text = state.text } }
    end,
    onTouch = function(state, touch)
      if touch.phase == "moved" then state.lift = touch.translation.height return end
      if touch.phase == "ended" and touch.predictedEndTranslation.height < -M.height * M.dismissShare then
        state.lift, state.shown = 0, false
        return motion.roles.dismiss
      end
      state.lift = 0
      return motion.roles.rebound
    end,
    accessibility = function(state)
      if not state.shown then return {} end
      return { { id = "banner", label = state.text, traits = { "staticText" }, actions = { "escape" } } }
    end,
    perform = function(state, _action)
      state.shown = false
      return motion.roles.dismiss
    end,
  }
  piece:set({ shown = true }, motion.roles.reveal)
  return piece
end

return M
