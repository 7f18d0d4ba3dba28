package org.gantry.base.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.client.SshClient;
import org.junit.jupiter.api.Test;

class MinaSshClientTest {

    @Test
    void the_client_is_set_up_and_started_once_on_first_use_and_stopped_on_close() {
        AtomicInteger setUps = new AtomicInteger();
        MinaSshClient client = new MinaSshClient(created -> {
            assertThat(created.isStarted()).isFalse();
            setUps.incrementAndGet();
        });
        assertThat(setUps).hasValue(0);

        SshClient first = client.get();
        assertThat(first.isStarted()).isTrue();
        assertThat(client.get()).isSameAs(first);
        assertThat(setUps).hasValue(1);

        client.close();
        assertThat(first.isStarted()).isFalse();
    }

    @Test
    void closing_a_client_never_used_starts_nothing() {
        AtomicInteger setUps = new AtomicInteger();
        new MinaSshClient(created -> setUps.incrementAndGet()).close();
        assertThat(setUps).hasValue(0);
    }
}
