// tinygltf compiled here, from Debian's header, rather than linked from Debian's libtinygltf.so: that library
// (2.7.0+dfsg-2) was built with a tinygltf::Sampler one int longer than the installed header's, so every
// sampler it reads lands shifted in the caller's vector (and their strings are freed as garbage). Compiling
// the implementation with the header we use keeps both sides one layout. Images are never decoded or encoded
// by tinygltf here (the reader installs its own image loader, the writer embeds encoded bytes by buffer
// view), so stb_image is left out (TINYGLTF_NO_STB_IMAGE*, set for the whole target).
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
