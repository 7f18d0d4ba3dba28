package org.gantry.deploy;

/** A step that failed on a machine: what ran there and what it said, so the next run can resume from it. */
public record DeployFailure(String machine, String step, String command, String error) {

    @Override
    public String toString() {
        return machine + ": step " + step + " failed" + (command.isEmpty() ? "" : " (`" + command + "`)") + ": "
                + error;
    }
}
