package valid

import (
	"flag"
	"time"
)

// IntFlag registers a whole-number flag read by ParseInt, so a bad value
// is refused by the one rule for whole numbers, naming the fix.
func IntFlag(fs *flag.FlagSet, p *int, name string, lo, hi int, fix, help string) {
	fs.Func(name, help, func(v string) (err error) {
		*p, err = ParseInt("--"+name, v, lo, hi, fix)
		return err
	})
}

// DurationFlag registers a duration flag read by ParseDuration: a unit
// is required, negatives are refused, and 0 only where zero says what it
// means ("" when it means nothing).
func DurationFlag(fs *flag.FlagSet, p *time.Duration, name, zero, help string) {
	fs.Func(name, help, func(v string) (err error) {
		*p, err = ParseDuration("--"+name, v, zero)
		return err
	})
}
