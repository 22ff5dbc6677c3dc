package status

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteText renders the report as tables for people.
func (r Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "run %s  project %s  topology %s  flavour %s\n\n", r.RunID, r.Project, r.Topology, r.Flavor)
	fmt.Fprintln(tw, "SERVICE\tCONTAINER\tSTATE\tHEALTH\tADDRESS\tERROR")
	for _, c := range r.Containers {
		state := c.State
		if c.State == "exited" {
			state = fmt.Sprintf("exited %d", c.ExitCode)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.Service, c.Container, state, dash(c.Health), dash(ips(c.IPs)), c.Error)
	}
	fmt.Fprintln(tw, "\nMASTER\tANSWERS\tMASTER.PUB FINGERPRINT\tACCEPTED KEYS\tERROR")
	for _, m := range r.Masters {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", m.Service, answered(m), dash(m.Fingerprint), dash(strings.Join(m.Accepted, ",")), m.Error)
	}
	agree := "no"
	if r.KeysAgree {
		agree = "yes"
	}
	fmt.Fprintf(tw, "masters share one key pair: %s (compared %d of %d masters)\n", agree, r.KeysCompared, len(r.Masters))
	fmt.Fprintln(tw, "\nMINION\tCONNECTED TO\tERROR")
	for _, m := range r.Minions {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", m.Service, dash(strings.Join(m.ConnectedTo, ",")), m.Error)
	}
	fmt.Fprintln(tw)
	for _, c := range r.Checks {
		fmt.Fprintf(tw, "%s: %s (%s)\n", c.Name, c.Status, c.Detail)
	}
	return tw.Flush()
}

// answered is a master's ANSWERS cell: yes or no within the bound, with
// why when it did not (Docker's HEALTH above says only what its check
// thinks).
func answered(m MasterRow) string {
	switch m.Answers {
	case AnswersYes:
		return fmt.Sprintf("yes, within %s", m.AnswerBound)
	case AnswersNo:
		why := strings.TrimPrefix(m.AnswersDetail, fmt.Sprintf("does not answer within %s: ", m.AnswerBound))
		return fmt.Sprintf("NO within %s (%s)", m.AnswerBound, why)
	}
	return fmt.Sprintf("unknown (%s)", m.AnswersDetail)
}

func ips(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for k, v := range m {
		parts = append(parts, v+" ("+k+")")
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
