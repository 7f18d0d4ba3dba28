package org.gantry.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Every fault kind with the given rounds, one after the other, and one table of them
 * ({@link FaultOutcome#HEADER}): kill -9 of Gantry at random, a halt at each runtime
 * transition, the embedded database killed, two instances with the leader killed, the tasks'
 * disk full, the SSH link to an SSH host cut or dropping packets, slurmctld restarted, an external database stopped. {@code bench/faults.sh [rounds] [kinds…]}.
 */
public final class FaultsBench {

    static final List<String> KINDS = List.of("kill", "halt-at", "database", "two-instances", "disk-full", "ssh-cut",
            "ssh-silent", "slurmctld", "external-database");

    private FaultsBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        List<String> kinds = args.length > 1 ? List.of(args).subList(1, args.length) : KINDS;
        List<String> rows = new ArrayList<>();
        for (String kind : kinds) {
            System.out.println("== " + kind + ", " + rounds + " round(s)");
            switch (kind) {
                case "kill" -> rows.add(FaultBench.row(rounds));
                case "halt-at" -> rows.addAll(HaltBench.rows(rounds));
                case "database" -> rows.add(OutageBench.database(rounds));
                case "two-instances" -> rows.add(TwoInstancesBench.row(rounds));
                case "disk-full" -> rows.add(OutageBench.fullDisk(rounds));
                case "ssh-cut" -> rows.add(ExecutorFaultBench.sshCut(rounds));
                case "ssh-silent" -> rows.add(ExecutorFaultBench.sshSilent(rounds));
                case "slurmctld" -> rows.add(ExecutorFaultBench.slurmctld(rounds));
                case "external-database" -> rows.add(OutageBench.externalDatabase(rounds));
                default -> throw new IllegalArgumentException("kinds: " + String.join(" | ", KINDS));
            }
            System.out.println(FaultOutcome.HEADER);
            rows.forEach(System.out::println);
        }
        System.exit(0);
    }
}
