--! token-set: every spring softer (longer, with half the bounce)
-- A token set: apply it to every scenario of a run with `piecebox run --tokens examples/tokens/soft.lua PATH`.
-- Every tier takes 1.5 times as long and keeps half its bounce, so every role built on a tier follows; the roles
-- with springs of their own (value, morph, dismiss) are softened the same way. Reduce Motion's substitutes are
-- left alone, for the tiers' roles and the three roles given here alike (an override changes a role's spring, not
-- what Reduce Motion puts in its place).
local soft = { tiers = {} }

local function softer(spring)
  return motion.spring{ duration = spring.duration * 1.5, bounce = spring.bounce / 2 }
end

for _, name in ipairs{ "tight", "responsive", "elastic", "expressive", "calm" } do
  soft.tiers[name] = softer(motion.tiers[name])
end
soft.value = motion.spring{ duration = 0.35 * 1.5, bounce = 0 }
soft.morph = motion.spring{ duration = 0.4 * 1.5, bounce = 0.2 / 2 }
soft.dismiss = motion.spring{ duration = 0.3 * 1.5, bounce = 0.08 / 2 }

return soft
