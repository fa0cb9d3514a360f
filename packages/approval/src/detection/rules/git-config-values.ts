// Values of git's command settings that name an everyday program rather than a payload: an
// editor or pager by name (`core.editor vim`, `core.pager delta`), a credential helper that
// keeps tokens in the system's keychain (`credential.helper osxkeychain`, `cache
// --timeout=3600`). Anything else stays held: `credential.helper store` keeps tokens in a plain
// file, and any `core.hooksPath` (even a tracked directory of the project) turns on code that
// then runs at every commit, checkout and merge without being looked at.

// Editors, pagers and diff viewers run by name, with plain options.
const VIEWER =
  /^(?:vim?|nvim|gvim|nano|pico|micro|hx|helix|kak|emacs(?:client)?|code|code-insiders|codium|cursor|zed|subl|mate|gedit|kate|notepad(?:\+\+)?|less|more|most|delta|diff-so-fancy|diff-highlight|bat|cat|ydiff|riff)(?:\s+(?:-{1,2}[\w-]+(?:=[\w.-]+)?|\+\d+))*$/;
// Credential helpers that store in the operating system's keychain or in memory for a while.
const KEYCHAIN_HELPER =
  /^(?:osxkeychain|manager|manager-core|wincred|libsecret|gnome-keyring|cache(?:\s+--timeout[= ]?\d+)?|!?(?:\/?[\w/.-]*\/)?gh auth git-credential|!?(?:[\w/.-]*\/)?git-credential-(?:osxkeychain|manager(?:-core)?|libsecret|wincred)|"")$/;

/** True when a command setting's value names an everyday program, not something to hold. */
export function everydayCommandSetting(key: string, value: string): boolean {
  const lower = key.toLowerCase();
  const text = value.trim().replace(/^(["'])(.*)\1$/, "$2");
  if (/^(?:core\.(?:editor|pager)|sequence\.editor|pager\.[\w-]+)$/.test(lower))
    return VIEWER.test(text);
  if (lower === "credential.helper" || /^credential\..+\.helper$/.test(lower))
    return KEYCHAIN_HELPER.test(text);
  return false;
}
