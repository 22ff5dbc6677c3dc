package lab

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Load parses and validates the compose files with compose-go, checks
// them against saltlab's compose policy (internal/lab/policy) as written,
// before any transform, and maps every enabled service to its container
// configuration. Nothing is created and the daemon is not contacted (cli
// may be nil for pure validation), so invalid files and forbidden settings
// fail before any side effect. Errors name the files and carry
// compose-go's own message; policy errors are usage errors.
func Load(ctx context.Context, cli Docker, opts Options) (*Lab, error) {
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	if opts.HealthTimeout <= 0 {
		opts.HealthTimeout = DefaultHealthTimeout
	}
	files := strings.Join(opts.Files, ", ")
	project, err := loadProject(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("load compose project from %s: %w", files, err)
	}
	if err := policy.OSRules().Check(project); err != nil {
		return nil, err
	}
	if opts.Transform != nil {
		if err := opts.Transform(project); err != nil {
			return nil, fmt.Errorf("load compose project from %s: %w", files, err)
		}
	}
	l := &Lab{
		cli:     cli,
		opts:    opts,
		project: project,
		specs:   map[string]*containerSpec{},
		out:     newPhaseLog(opts.Log),
		ids:     map[string]string{},

		eventFallback: eventFallbackInterval,
	}
	var errs []error
	for _, name := range project.ServiceNames() {
		spec, notes, err := convertService(project, project.Services[name], l.meta())
		for _, n := range notes {
			l.out.printf("note: service %s: %s", name, n)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		l.specs[name] = spec
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("load compose project from %s: %w", files, err)
	}
	return l, nil
}

func checkOptions(opts Options) error {
	if len(opts.Files) == 0 {
		return errors.New("load lab: no compose files given")
	}
	for _, f := range opts.Files {
		if f == "-" {
			// compose-go would read stdin; a lab must be reproducible from files.
			return errors.New("load lab: compose file \"-\" (stdin) is not supported")
		}
	}
	if opts.Project == "" || loader.NormalizeProjectName(opts.Project) != opts.Project {
		return fmt.Errorf("load lab: invalid project name %q: use lowercase letters, digits, dashes and underscores, starting with a letter or digit", opts.Project)
	}
	if err := labels.ValidateRunID(opts.RunID); err != nil {
		return fmt.Errorf("load lab: %w", err)
	}
	return nil
}

func loadProject(ctx context.Context, opts Options) (*types.Project, error) {
	env := make([]string, 0, len(opts.Env))
	for k, v := range opts.Env {
		env = append(env, k+"="+v)
	}
	sort.Strings(env)
	po, err := cli.NewProjectOptions(opts.Files,
		// Deliberately no cli.WithOsEnv / cli.WithDotEnv: only opts.Env
		// feeds interpolation, so runs are reproducible.
		cli.WithEnv(env),
		cli.WithWorkingDirectory(filepath.Dir(opts.Files[0])),
		cli.WithName(opts.Project),
		cli.WithProfiles(opts.Profiles),
		cli.WithInterpolation(true),
		cli.WithResolvedPaths(true),
		cli.WithResourceLoader(fileGuard{dir: filepath.Dir(opts.Files[0])}),
		// env_file and label_file are read below, once checked.
		cli.WithoutEnvironmentResolution,
		cli.WithoutLabelsResolution,
	)
	if err != nil {
		return nil, err
	}
	p, err := loadWithoutPanic(ctx, po, opts.Files[0])
	if err != nil {
		return nil, err
	}
	if err := checkReadFiles(p); err != nil {
		return nil, err
	}
	if p, err = p.WithServicesEnvironmentResolved(false); err != nil {
		return nil, err
	}
	return p.WithServicesLabelsResolved(false)
}

// checkReadFiles refuses an env_file or label_file (of a service or of
// its pre_start hooks) that is not a regular file of bounded size
// (userfile), before compose-go reads it into the project; a missing one
// is compose-go's to judge (an optional env_file may be missing).
func checkReadFiles(p *types.Project) error {
	var errs []error
	check := func(service, key, path string) {
		if _, err := userfile.Check(path, userfile.Text); userfile.Is(err) {
			errs = append(errs, fmt.Errorf("service %q: %s: %w", service, key, err))
		}
	}
	for _, name := range p.ServiceNames() {
		s := p.Services[name]
		specs := []types.ContainerSpec{s.ContainerSpec}
		for _, h := range s.PreStart {
			specs = append(specs, h.ContainerSpec)
		}
		for _, c := range specs {
			for _, f := range c.EnvFiles {
				check(name, "env_file", f.Path)
			}
			for _, f := range c.LabelFiles {
				check(name, "label_file", f)
			}
		}
	}
	return errors.Join(errs...)
}

// fileGuard refuses, before compose-go reads it, a compose file that is
// not a regular file of bounded size (userfile): the files given, and
// those they include or extend. compose-go asks each loader whether it
// accepts a path, then loads from the first that does: the guard accepts
// only a path it refuses, and its Load returns why; every other path goes
// on to compose-go's own loader. A relative path is taken from the first
// file's folder, as compose-go takes it for the files given.
type fileGuard struct{ dir string }

func (g fileGuard) path(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(g.dir, p)
}

func (g fileGuard) Accept(p string) bool {
	_, err := userfile.Check(g.path(p), userfile.Text)
	return userfile.Is(err)
}

func (g fileGuard) Load(_ context.Context, p string) (string, error) {
	_, err := userfile.Check(g.path(p), userfile.Text)
	if err == nil {
		return "", fmt.Errorf("compose file %s: checked twice with different answers", p)
	}
	return "", err
}

func (g fileGuard) Dir(p string) string { return filepath.Dir(g.path(p)) }

// labelMeta is what every object of the lab is labelled with.
type labelMeta struct {
	runID, project, topology, flavor string
	owner                            string
	workingDir                       string
	configFiles                      []string
}

func (l *Lab) meta() labelMeta {
	return labelMeta{
		runID:       l.opts.RunID,
		project:     l.opts.Project,
		topology:    l.opts.Topology,
		flavor:      l.opts.Flavor,
		owner:       l.opts.Owner,
		workingDir:  l.project.WorkingDir,
		configFiles: l.project.ComposeFiles,
	}
}

// common returns saltlab's run labels plus the compose project label, the
// set every container, network and volume carries.
func (m labelMeta) common() map[string]string {
	out := labels.ForRun(m.runID, m.project)
	if m.owner != "" {
		out[labels.Owner] = m.owner
	}
	out[labels.Topology] = m.topology
	out[labels.Flavor] = m.flavor
	out[composeProject] = m.project
	return out
}

// Standard compose labels, so `docker-compose -p <project> ps/logs` and
// `docker compose ls` see a lab started by saltlab.
const (
	composeProject         = "com.docker.compose.project"
	composeService         = "com.docker.compose.service"
	composeNumber          = "com.docker.compose.container-number"
	composeOneoff          = "com.docker.compose.oneoff"
	composeNetwork         = "com.docker.compose.network"
	composeVolume          = "com.docker.compose.volume"
	composeWorkingDir      = "com.docker.compose.project.working_dir"
	composeConfigFiles     = "com.docker.compose.project.config_files"
	composeVersion         = "com.docker.compose.version"
	composeVersionAnnounce = "1.29.2" // the docker-compose release on lab hosts, shown by compose tools
)

// ReadProject parses compose files the way Load does (env feeds
// interpolation, nothing else) without checking saltlab's rules, so a
// caller can read the project's declarations before any Docker work.
func ReadProject(ctx context.Context, files []string, project string, env map[string]string) (*types.Project, error) {
	p, err := loadProject(ctx, Options{Files: files, Project: project, Env: env})
	if err != nil {
		return nil, fmt.Errorf("load compose project from %s: %w", strings.Join(files, ", "), err)
	}
	return p, nil
}

// loadWithoutPanic runs compose-go's loader, which panics on some files
// (a key it expects to hold text set to nothing, such as `pid:`: its
// Normalize converts the nil without checking, found by FuzzCheck), so a
// user's file gets an error naming it instead of a crash.
func loadWithoutPanic(ctx context.Context, po *cli.ProjectOptions, file string) (p *types.Project, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("load compose file %s: the compose loader failed on it (%v): look for a key set to nothing (such as `pid:`) and give it a value or remove it", file, r)
		}
	}()
	return po.LoadProject(ctx)
}
