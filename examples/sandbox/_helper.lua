-- A module for require, next to the scenarios (names starting with "_" are not run as scenarios).
local M = {}
function M.twice(x) return 2 * x end
return M
