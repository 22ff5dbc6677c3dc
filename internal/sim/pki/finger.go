package pki

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
)

// Finger computes Salt's pem_finger (salt/utils/crypt.py): sha256 over the
// PEM body lines *including their newlines* (blank lines, header and footer
// dropped), rendered as colon-separated hex pairs.
func Finger(pemText string) string {
	var lines []string
	for _, l := range strings.SplitAfter(strings.ReplaceAll(pemText, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 2 {
		return ""
	}
	sum := sha256.Sum256([]byte(strings.Join(lines[1:len(lines)-1], "")))
	h := hex.EncodeToString(sum[:])
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

// FingerFile is Finger over a file; "" when it cannot be read, like Salt.
func FingerFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return Finger(string(b))
}
