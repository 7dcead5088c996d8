// Source locations of plain loads and stores, interned: a history record of a plain access names
// its location by a small index (ShadowRecord::subject) instead of the host's handle.
#pragma once

#include "rmarace/core/types.h"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace rmarace {

class LocalSites {
public:
  LocalSites() { sites_.push_back(kNoLocation); } // index 0 unused

  uint32_t intern(LocationHandle site) {
    // Loops alternate between a few access sites: a small direct-mapped cache avoids the hash
    // map (inline: every checked access asks; the map out of line).
    CacheEntry &cached = cache_[(site >> 3) % cache_.size()];
    if (cached.site == site && cached.index != 0) [[likely]]
      return cached.index;
    return internInMap(site, cached);
  }
  LocationHandle site(uint32_t index) const { return sites_[index]; }

private:
  struct CacheEntry;
  [[gnu::noinline]] uint32_t internInMap(LocationHandle site, CacheEntry &cached) {
    auto [it, inserted] = index_.try_emplace(site, static_cast<uint32_t>(sites_.size()));
    if (inserted) sites_.push_back(site);
    cached = {site, it->second};
    return it->second;
  }

  std::vector<LocationHandle> sites_;
  std::unordered_map<LocationHandle, uint32_t> index_;
  struct CacheEntry {
    LocationHandle site = kNoLocation;
    uint32_t index = 0;
  };
  std::array<CacheEntry, 64> cache_{};
};

} // namespace rmarace
