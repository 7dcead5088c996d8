#include "global_data.h"

#include <algorithm>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rmarace::shmem {

namespace {

constexpr const char *kWholeDataName = "global and static data";

// The executable's load bias and its writable loadable segments (data, bss).
struct Executable {
  uint64_t bias = 0;
  uint64_t begin = 0;
  uint64_t end = 0;
};

int firstObject(dl_phdr_info *info, size_t, void *data) {
  auto *exe = static_cast<Executable *>(data);
  exe->bias = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W)) continue;
    uint64_t begin = info->dlpi_addr + ph.p_vaddr;
    exe->begin = exe->begin ? std::min(exe->begin, begin) : begin;
    exe->end = std::max(exe->end, begin + ph.p_memsz);
  }
  return 1; // the first object is the executable
}

// The file mapped read-only for as long as the object lives.
class MappedFile {
public:
  explicit MappedFile(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_size > 0) {
      void *p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = static_cast<const unsigned char *>(p);
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
  }
  ~MappedFile() {
    if (data_) munmap(const_cast<unsigned char *>(data_), size_);
  }
  MappedFile(const MappedFile &) = delete;
  MappedFile &operator=(const MappedFile &) = delete;
  // `count` objects of T at `offset`, or nullptr when the file is shorter.
  template <class T> const T *at(uint64_t offset, uint64_t count = 1) const {
    if (!data_ || offset > size_ || count > (size_ - offset) / sizeof(T)) return nullptr;
    return reinterpret_cast<const T *>(data_ + offset);
  }

private:
  const unsigned char *data_ = nullptr;
  size_t size_ = 0;
};

// The variables of the symbol table inside [exe.begin, exe.end), without aliases.
std::vector<GlobalObject> symbolTableObjects(const MappedFile &file, const Executable &exe) {
  std::vector<GlobalObject> objects;
  const auto *eh = file.at<ElfW(Ehdr)>(0);
  if (!eh || std::memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0) return objects;
  const auto *sections = file.at<ElfW(Shdr)>(eh->e_shoff, eh->e_shnum);
  if (!sections) return objects;
  for (unsigned i = 0; i < eh->e_shnum; ++i) {
    const ElfW(Shdr) &symtab = sections[i];
    if (symtab.sh_type != SHT_SYMTAB || symtab.sh_link >= eh->e_shnum) continue;
    const ElfW(Shdr) &strtab = sections[symtab.sh_link];
    const auto *syms = file.at<ElfW(Sym)>(symtab.sh_offset, symtab.sh_size / sizeof(ElfW(Sym)));
    const char *names = file.at<char>(strtab.sh_offset, strtab.sh_size);
    if (!syms || !names) continue;
    for (uint64_t k = 0; k < symtab.sh_size / sizeof(ElfW(Sym)); ++k) {
      const ElfW(Sym) &s = syms[k];
      if (ELF64_ST_TYPE(s.st_info) != STT_OBJECT || s.st_size == 0 || s.st_name >= strtab.sh_size)
        continue;
      uint64_t begin = exe.bias + s.st_value;
      if (begin < exe.begin || begin + s.st_size > exe.end) continue;
      objects.push_back({begin, s.st_size, names + s.st_name});
    }
  }
  std::sort(objects.begin(), objects.end(),
            [](const GlobalObject &a, const GlobalObject &b) { return a.begin < b.begin; });
  // Aliases and overlaps: the first variable at an address keeps it.
  std::vector<GlobalObject> distinct;
  for (GlobalObject &o : objects)
    if (distinct.empty() || o.begin >= distinct.back().begin + distinct.back().size)
      distinct.push_back(std::move(o));
  return distinct;
}

} // namespace

std::vector<GlobalObject> executableGlobals() {
  Executable exe;
  dl_iterate_phdr(firstObject, &exe);
  if (exe.end <= exe.begin) return {};
  MappedFile file("/proc/self/exe");
  std::vector<GlobalObject> objects = symbolTableObjects(file, exe);
  if (objects.empty()) objects.push_back({exe.begin, exe.end - exe.begin, kWholeDataName});
  return objects;
}

} // namespace rmarace::shmem
