defineMaterial{
	name = "eob_sewers_wall",
	diffuseMap = "mod_assets/textures/env/eob_sewers_wall_dif.tga",
	specularMap = "mod_assets/textures/env/eob_sewers_wall_spec.tga",
	normalMap = "mod_assets/textures/env/eob_sewers_wall_normal.tga",
	doubleSided = false,
	lighting = true,
	alphaTest = false,
	blendMode = "Opaque",
	textureAddressMode = "Wrap",
	glossiness = 5,
	depthBias = 0,
}
