package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry job …}: the job subcommands. */
@Command(name = "job", description = "Work with jobs.",
        subcommands = {JobSubmitCommand.class, JobListCommand.class, JobGetCommand.class, JobLintCommand.class,
                JobSshCommand.class, JobSshConfigCommand.class, JobForwardCommand.class, JobDebugCommand.class,
                JobCpCommand.class,
                JobWaitCommand.class})
class JobCommand {
}
