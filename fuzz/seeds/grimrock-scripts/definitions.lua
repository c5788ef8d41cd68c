import "mod_assets/scripts/items.lua"
defineObject{ name = "axe", class = "Item", model = "mod_assets/models/axe.fbx", animations = { idle = "a.fbx" } }
cloneObject{ name = "axe2", baseObject = "axe", attackPower = 9 }
defineAnimationEvent{ animation = "a.fbx", event = "attack", frame = 13 }
for i = 1, 3 do
  defineMaterial{ name = "m" .. i, diffuseMap = string.format("mod_assets/textures/m%02d_dif.tga", i), tiles = { i, i * 2 } }
end
