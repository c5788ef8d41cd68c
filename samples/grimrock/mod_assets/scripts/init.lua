-- The mod's first script, as the game runs it: it imports the others.
import "mod_assets/scripts/sample_lever.lua"
