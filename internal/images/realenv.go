package images

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// aptWord is a suite or component name as apt's sources take it.
var aptWord = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]*$`)

// CheckRealEnv checks the settings real Salt's routes read from the
// environment (SALT_APT_*, SALTLAB_WHEELHOUSE) before anything is built:
// a route set up wrongly would otherwise be found out only after the base
// image, and under auto be passed over for the double without a word to
// the user who set it up. getenv is os.Getenv but for tests.
func CheckRealEnv(getenv func(string) string) error {
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	uri, key := env(EnvSaltAptURI), env(EnvSaltAptKeyURL)
	suite, comps := env(EnvSaltAptSuite), env(EnvSaltAptComponents)
	readme := " (see " + realDir + "/README.md)"
	switch {
	case uri == "" && (key != "" || suite != "" || comps != ""):
		return fmt.Errorf("check %s: set, but %s is not, and only the apt route reads it: set %s too, or unset it%s",
			firstSet(map[string]string{EnvSaltAptKeyURL: key, EnvSaltAptSuite: suite, EnvSaltAptComponents: comps}), EnvSaltAptURI, EnvSaltAptURI, readme)
	case uri != "" && key == "":
		return fmt.Errorf("check %s: set, but %s is not: the apt route needs the repository's signing key; set it, or unset %s%s", EnvSaltAptURI, EnvSaltAptKeyURL, EnvSaltAptURI, readme)
	case uri != "" && !looksLikeURL(uri):
		return fmt.Errorf("check %s=%q: not a single http(s) URL; want the Salt apt repository's URL, http:// or https://%s", EnvSaltAptURI, uri, readme)
	case key != "" && !looksLikeURL(key):
		return fmt.Errorf("check %s=%q: not a single http(s) URL; want the URL of the repository's signing key%s", EnvSaltAptKeyURL, key, readme)
	case suite != "" && !aptWord.MatchString(suite):
		return fmt.Errorf("check %s=%q: not an apt suite name; want one word such as stable or bookworm%s", EnvSaltAptSuite, suite, readme)
	}
	for _, c := range strings.Fields(comps) {
		if !aptWord.MatchString(c) {
			return fmt.Errorf("check %s=%q: %q is not an apt component name; want words such as main, separated by spaces%s", EnvSaltAptComponents, comps, c, readme)
		}
	}
	if dir := env(EnvWheelhouse); dir != "" {
		fi, err := os.Stat(dir)
		switch {
		case err != nil:
			return fmt.Errorf("check %s=%s: %w: name a folder made by `saltlab wheelhouse --dir DIR`, or unset it", EnvWheelhouse, dir, err)
		case !fi.IsDir():
			return fmt.Errorf("check %s=%s: not a folder: name a folder made by `saltlab wheelhouse --dir DIR`, or unset it", EnvWheelhouse, dir)
		}
	}
	return nil
}

// firstSet is the first name, in the order the README lists them, whose
// value is set.
func firstSet(vals map[string]string) string {
	for _, k := range []string{EnvSaltAptKeyURL, EnvSaltAptSuite, EnvSaltAptComponents} {
		if vals[k] != "" {
			return k
		}
	}
	return ""
}
