package saltopts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"gopkg.in/yaml.v3"

	"github.com/saltlab/saltlab/internal/userfile"
)

// maxDropIn bounds a drop-in file read for its keys.
const maxDropIn = 4 << 20

// Keys returns the top-level keys of a Salt configuration file, in file
// order. Salt reads each file with yaml.safe_load and refuses one that is
// not a mapping (salt/config/__init__.py _read_conf_file); an empty file
// is no options. Keys are read from the YAML node tree, so a key given
// twice (which PyYAML takes, the last one winning) is no error here.
func Keys(data []byte) ([]string, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil // comments only
		}
		return nil, fmt.Errorf("not YAML Salt can read: %w", err)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, errors.New("not a YAML mapping of option: value (Salt refuses such a file)")
	}
	var keys []string
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" {
			continue // a merge key: its mapping's keys are anchors already seen
		}
		keys = append(keys, k.Value)
	}
	return keys, nil
}

// DropInDir returns the settings of the *.conf files of dir (the files
// Salt reads from <kind>.d, in its order), each named by its file.
func DropInDir(dir, kind string) ([]Setting, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.conf"))
	if err != nil {
		return nil, fmt.Errorf("list %s.d drop-ins in %s: %w", kind, dir, err)
	}
	sort.Strings(files)
	var out []Setting
	for _, f := range files {
		if fi, err := os.Stat(f); err != nil || !fi.Mode().IsRegular() {
			continue // Salt skips what it cannot read as a file as well
		}
		s, err := DropInFile(f, kind)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// DropInFile returns the settings of one drop-in file.
func DropInFile(path, kind string) ([]Setting, error) {
	data, err := userfile.ReadFile(path, maxDropIn)
	if err != nil {
		return nil, fmt.Errorf("read %s drop-in: %w", kind, err)
	}
	keys, err := Keys(data)
	if err != nil {
		return nil, fmt.Errorf("%s drop-in %s: %w", kind, path, err)
	}
	out := make([]Setting, len(keys))
	for i, k := range keys {
		out[i] = Setting{Kind: kind, Name: k, Where: path}
	}
	return out, nil
}
