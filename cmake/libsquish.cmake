# libsquish (Debian libsquish-dev) as the imported target gamefmt_libsquish: the tests decode with it as an
# independent check, the benchmarks compare with it. Debian's libsquish.pc has an empty prefix (it gives -I/include),
# so the header and library are looked up directly.
if(NOT TARGET gamefmt_libsquish)
  find_path(GAMEFMT_SQUISH_INCLUDE_DIR squish.h REQUIRED)
  find_library(GAMEFMT_SQUISH_LIBRARY squish REQUIRED)
  add_library(gamefmt_libsquish INTERFACE IMPORTED)
  target_include_directories(gamefmt_libsquish INTERFACE ${GAMEFMT_SQUISH_INCLUDE_DIR})
  target_link_libraries(gamefmt_libsquish INTERFACE ${GAMEFMT_SQUISH_LIBRARY})
endif()
