package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OnwardPortsTest {

    private static final String TCP = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:22B8 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4711 1 0000000000000000 100 0 0 10 0
               1: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4712 1 0000000000000000 100 0 0 10 0
               2: 0100007F:D2F0 0100007F:22B8 01 00000000:00000000 00:00000000 00000000  1001        0 4713 1 0000000000000000 20 4 30 10 -1
            """;
    private static final String TCP6 = """
              sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 00000000000000000000000000000000:1A0B 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4714 1 0000000000000000 100 0 0 10 0
            """;

    @Test
    void only_listening_sockets_the_tasks_processes_hold_count() {
        String output = "inode 4711\ninode 4713\ninode 4714\ninode 99\ntables\n" + TCP + TCP6;
        // 4712 listens but is not the task's; 4713 is the task's but a connection, not a listener
        assertThat(OnwardPorts.ports(output)).containsExactly(6667, 8888);
    }

    @Test
    void a_slurm_scan_names_its_node_and_which_ports_another_machine_can_reach() {
        String tcp = TCP + """
               3: 00000000:2328 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4715 1 0000000000000000 100 0 0 10 0
               4: 0101007F:2329 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4716 1 0000000000000000 100 0 0 10 0
               5: 0A00000A:232A 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4717 1 0000000000000000 100 0 0 10 0
            """;
        String tcp6 = TCP6 + """
               1: 00000000000000000000000001000000:232B 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4718 1 0000000000000000 100 0 0 10 0
               2: 0000000000000000FFFF00000100007F:232C 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4719 1 0000000000000000 100 0 0 10 0
            """;
        String output = "node compute-7\n" + "inode 4711\ninode 4714\ninode 4715\ninode 4716\ninode 4717\ninode 4718\n"
                + "inode 4719\ntables\n" + tcp + tcp6;
        assertThat(OnwardPorts.node(output)).contains("compute-7");
        assertThat(OnwardPorts.ports(output)).containsExactly(6667, 8888, 9000, 9001, 9002, 9003, 9004);
        // 127.0.0.1:8888, 127.1.1.1:9001 (127.0.0.0/8), [::1]:9003 and [::ffff:127.0.0.1]:9004 stay on the node
        assertThat(OnwardPorts.reachableFromElsewhere(output)).containsExactly(6667, 9000, 9002);
        assertThat(OnwardPorts.node("inode 1\ntables\nnode not-this\n")).isEmpty();
    }

    @Test
    void no_inodes_no_ports_and_garbage_is_skipped() {
        assertThat(OnwardPorts.ports("tables\n" + TCP)).isEmpty();
        assertThat(OnwardPorts.ports("bash: warning\ninode x\ntables\nnot a table\n")).isEmpty();
    }

    @Test
    void the_jail_holds_its_root_and_below_only() {
        assertThat(OnwardSftpJail.inside("/srv/tasks/a/work", "/srv/tasks/a/work")).isTrue();
        assertThat(OnwardSftpJail.inside("/srv/tasks/a/work/x/y", "/srv/tasks/a/work")).isTrue();
        assertThat(OnwardSftpJail.inside("/srv/tasks/a/workshop", "/srv/tasks/a/work")).isFalse();
        assertThat(OnwardSftpJail.inside("/srv/tasks/b/work", "/srv/tasks/a/work")).isFalse();
        assertThat(OnwardSftpJail.inside("/etc", "/")).isTrue();
    }
}
