// The C++ side of the shared test vectors (tests/test_cpp_vectors.py): the C++ runtime's answer to
// each case of one list in a file of tests/vectors/, printed as one JSON array in case order.
//   vectors FILE LIST [ROOT]   ROOT/<case index>/ holds the files of a case that needs some
//   vectors --constants        the version, key schema and registry version compiled in
// A refused input answers {"error": "<kfoot::Error's line>"}.
#include <kfoot/runtime.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

namespace d = kfoot::detail;

std::string quote(const std::string& s) { return d::json_string(s); }

std::string refused(const kfoot::Error& e) { return "{\"error\":" + quote(e.what()) + "}"; }

const d::Json& member(const d::Json& object, const char* name) {
  const d::Json* found = object.get(name);
  if (!found) throw std::runtime_error(std::string("vector case lacks '") + name + "'");
  return *found;
}

std::vector<std::string> texts(const d::Json& array) {
  std::vector<std::string> out;
  for (const auto& item : array.items) out.push_back(item.text);
  return out;
}

std::string list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (const auto& item : items) out += (out.size() > 1 ? "," : "") + item;
  return out + "]";
}

std::string quoted_list(const std::vector<std::string>& items) {
  std::vector<std::string> quoted;
  for (const auto& item : items) quoted.push_back(quote(item));
  return list(quoted);
}

// A path below `root` as the test names it (relative), or the whole path when it is not below.
std::string below(const std::string& root, const std::string& path) {
  if (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/')
    return path.substr(root.size() + 1);
  return path;
}

// Member names and string values in document order: what a reader must decode alike.
void strings(const d::Json& value, std::vector<std::string>& out) {
  if (value.kind == d::Json::String) out.push_back(quote(value.text));
  for (const auto& item : value.items) strings(item, out);
  for (const auto& [name, item] : value.members) {
    out.push_back(quote(name));
    strings(item, out);
  }
}

std::string bytes_of_hex(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

const d::Json* context = nullptr;  // the whole vector file: facts its cases share

std::string answer(const std::string& name, const d::Json& c, const std::string& root) {
  if (name == "sha256") {
    std::string message = c.get("hex") ? bytes_of_hex(member(c, "hex").text) : member(c, "text").text;
    if (const d::Json* repeat = c.get("repeat")) {
      std::string one = message;
      for (long n = std::stol(repeat->text); n > 1; --n) message += one;
    }
    std::vector<std::string> digests{quote(d::Sha256::hex(message))};
    for (std::size_t chunk : {1, 7, 64, 65}) {  // update() fed in pieces across block boundaries
      d::Sha256 h;
      for (std::size_t at = 0; at < message.size(); at += chunk) h.update(std::string_view(message).substr(at, chunk));
      digests.push_back(quote(h.hexdigest()));
    }
    return list(digests);
  }
  if (name == "json_string") return quote(d::json_string(member(c, "text").text));
  if (name == "json_parse") {
    try {
      std::vector<std::string> out;
      strings(d::JsonReader(member(c, "text").text, "document").parse(), out);
      return list(out);
    } catch (const kfoot::Error& e) {
      return refused(e);
    }
  }
  if (name == "parse_bytes") {
    try {
      return std::to_string(d::parse_bytes(member(c, "text").text, "KFOOT_CACHE_MAX_BYTES"));
    } catch (const kfoot::Error& e) {
      return refused(e);
    }
  }
  if (name == "parse_entry") {
    d::Json meta;
    std::string problem;
    return d::parse_cache_entry(member(c, "entry").text, member(c, "key").text, meta, problem) ? "null" : quote(problem);
  }
  if (name == "claims") {
    const std::string& hex = member(c, "hex").text;
    std::string cubin;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) cubin += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    std::string meta = "{\"lowered_name\":" + quote(member(c, "lowered_name").text);
    if (const d::Json* arch = c.get("arch")) meta += ",\"arch\":" + quote(arch->text);
    std::string problem = d::claim_problem(d::JsonReader(meta + "}", "entry").parse(), cubin);
    return problem.empty() ? "null" : quote(problem);
  }
  if (name == "manifest") {
    std::string text;
    if (const d::Json* hex = c.get("hex")) {
      for (std::size_t i = 0; i + 1 < hex->text.size(); i += 2) text += static_cast<char>(std::stoi(hex->text.substr(i, 2), nullptr, 16));
    } else {
      text = member(c, "text").text;
      const d::Json* pad = c.get("pad");
      std::size_t at = text.find("PAD");
      if (pad && at != std::string::npos) text.replace(at, 3, std::string(std::stoul(pad->text), 'x'));
    }
    std::string problem, linked;
    bool use = d::manifest_verdict(text, member(*context, "registry_sha256").text,
                                   [&] { return member(*context, "nvrtc").text; }, member(*context, "arch").text, problem,
                                   linked);
    return std::string("{\"use\":") + (use ? "true" : "false") + ",\"problem\":" + (problem.empty() ? "null" : quote(problem)) +
           ",\"linked\":" + (linked.empty() ? "null" : quote(linked)) + "}";
  }
  if (name == "parse_arch") {
    try {
      return quote(d::parse_arch(member(c, "text").text).name());
    } catch (const kfoot::Error& e) {
      return refused(e);
    }
  }
  if (name == "sass_runs_on")
    return d::sass_runs_on(d::parse_arch(member(c, "built").text), d::parse_arch(member(c, "device").text)) ? "true" : "false";
  if (name == "safe_option") return d::safe_option(member(c, "option").text) ? "true" : "false";
  if (name == "prelude") return quote(d::prelude(texts(member(c, "template_ids"))));
  if (name == "cache_key")
    return quote(d::cache_key(member(c, "nvrtc").text, member(c, "arch").text, texts(member(c, "options")),
                              member(c, "prelude").text, member(c, "source").text, member(c, "name").text,
                              member(c, "link").text));
  if (name == "link_options") {
    auto link = d::link_options(member(c, "arch").text, texts(member(c, "options")));
    return link ? quoted_list(*link) : "null";
  }
  if (name == "link_tag")
    return quote(d::link_tag(member(c, "nvrtc").text, member(c, "nvjitlink").text, member(c, "arch").text,
                             texts(member(c, "options"))));
  if (name == "walk_includes") {
    std::string base = d::real_path(root);
    std::vector<std::string> dirs;
    for (const auto& dir : texts(member(c, "include_dirs"))) dirs.push_back(d::join(root, dir));
    std::string main = d::join(root, member(c, "main").text);
    std::string main_dir = d::parent_of(d::real_path(main));
    std::vector<std::string> walk;
    d::walk_includes(main, dirs, [&](const std::string& path, const std::string&, const std::vector<std::string>& unresolved) {
      walk.push_back("{\"file\":" + quote(below(base, path)) + ",\"name\":" + quote(d::display_name(path, main_dir, dirs)) +
                     ",\"unresolved\":" + quoted_list(unresolved) + "}");
    });
    return "{\"walk\":" + list(walk) + ",\"digest\":" + quote(d::source_digest(main, dirs)) + "}";
  }
  if (name == "toolkit") {
    ::setenv("CUDA_HOME", d::join(root, member(c, "cuda_home").text).c_str(), 1);
    std::vector<std::string> dirs;
    for (const auto& dir : d::toolkit_include_dirs()) dirs.push_back(below(root, dir));
    return "{\"include_dirs\":" + quoted_list(dirs) + ",\"library\":" +
           quote(below(root, d::nvrtc_search().candidates.front())) + "}";
  }
  if (name == "nvrtc_search") {
    const d::Json& env = member(c, "env");
    for (const char* var : {"KFOOT_NVRTC", "CUDA_HOME", "CUDA_PATH"}) {
      if (const d::Json* value = env.get(var)) ::setenv(var, d::join(root, value->text).c_str(), 1);
      else ::unsetenv(var);
    }
    std::string path;
    for (const auto& site : texts(member(c, "site_dirs"))) path += (path.empty() ? "" : ":") + d::join(root, site);
    ::setenv("PYTHONPATH", path.c_str(), 1);
    ::unsetenv("VIRTUAL_ENV");
    std::string system = d::join(root, "usr-local-cuda");  // the system tree, replaced for the test
    d::NvrtcSearch search = d::nvrtc_search(system);
    std::vector<std::string> candidates;
    for (const auto& found : search.candidates) candidates.push_back(below(root, found));
    std::string headers;
    try {
      std::vector<std::string> dirs;
      for (const auto& dir : d::toolkit_include_dirs(system)) dirs.push_back(below(root, dir));
      headers = "\"include_dirs\":" + quoted_list(dirs);
    } catch (const kfoot::Error& e) {
      headers = "\"include_error\":" + quote(e.what());
    }
    return "{\"candidates\":" + quoted_list(candidates) + ",\"looked\":" + quote(search.looked) + "," + headers + "}";
  }
  if (name == "cache_dir") {
    const d::Json& env = member(c, "env");
    for (const char* var : {"KFOOT_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "KFOOT_CACHE"}) {
      if (const d::Json* value = env.get(var)) ::setenv(var, value->text.c_str(), 1);
      else ::unsetenv(var);
    }
    return "{\"root\":" + quote(d::DiskCache::default_root()) + ",\"disabled\":" +
           (d::DiskCache::disabled_by_env() ? "true" : "false") + "}";
  }
  if (name == "registry_load") {
    try {
      kfoot::Registry::Options options;
      options.disk_cache = false;
      kfoot::Registry registry = kfoot::Registry::open(root, options);
      std::vector<std::string> families = registry.families();
      std::sort(families.begin(), families.end());
      return "{\"variants\":" + std::to_string(registry.size()) + ",\"families\":" + quoted_list(families) + "}";
    } catch (const kfoot::Error& e) {
      return refused(e);
    }
  }
  throw std::runtime_error("no vector list named " + name);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--constants") {
    std::cout << "{\"version\":" << quote(kfoot::kVersion) << ",\"key_schema\":" << kfoot::kKeySchema
              << ",\"registry_version\":" << kfoot::kRegistryVersion
              << ",\"registry_max_bytes\":" << kfoot::kRegistryMaxBytes
              << ",\"aot_fatbin_max_bytes\":" << kfoot::kAotFatbinMaxBytes << "}\n";
    return 0;
  }
  if (argc < 3) {
    std::cerr << "usage: vectors FILE LIST [ROOT] | vectors --constants\n";
    return 2;
  }
  std::string text;
  if (!d::read_file(argv[1], text)) {
    std::cerr << argv[1] << ": unreadable\n";
    return 2;
  }
  const d::Json file = d::JsonReader(text, argv[1]).parse();
  context = &file;
  std::string root = argc > 3 ? argv[3] : "";
  std::vector<std::string> answers;
  const auto& cases = member(file, argv[2]).items;
  for (std::size_t i = 0; i < cases.size(); ++i)
    answers.push_back(answer(argv[2], cases[i], root.empty() ? root : d::join(root, std::to_string(i))));
  std::cout << list(answers) << "\n";
  return 0;
}
