package org.gantry.base.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.hibernate.TransactionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.orm.jpa.JpaSystemException;
import org.springframework.transaction.CannotCreateTransactionException;

class DatabaseOutageTest {

    @Test
    void a_pool_without_connections_or_a_refused_connection_is_an_outage() {
        assertThat(DatabaseOutage.isCause(new CannotCreateTransactionException("no connection",
                new SQLTransientConnectionException("timed out")))).isTrue();
        assertThat(DatabaseOutage.isCause(new IllegalStateException(new ConnectException("refused")))).isTrue();
    }

    @Test
    void connection_states_and_server_shutdown_states_are_outages() {
        assertThat(DatabaseOutage.isCause(new RuntimeException(new SQLException("I/O error", "08006")))).isTrue();
        assertThat(DatabaseOutage.isCause(new SQLException("unexpected postmaster exit", "57P01"))).isTrue();
        assertThat(DatabaseOutage.isCause(new SQLException("starting up", "57P03"))).isTrue();
    }

    // Bug: a request whose connection broke answered 500, as the failed rollback replaced the I/O error
    @Test
    void a_rollback_that_fails_on_a_closed_connection_is_an_outage() {
        assertThat(DatabaseOutage.isCause(new JpaSystemException(new TransactionException(
                "Unable to rollback against JDBC Connection", new SQLException("Connection is closed"))))).isTrue();
    }

    @Test
    void constraint_violations_and_plain_bugs_are_not_outages() {
        assertThat(DatabaseOutage.isCause(new DataIntegrityViolationException("duplicate",
                new SQLException("duplicate key", "23505")))).isFalse();
        assertThat(DatabaseOutage.isCause(new NullPointerException())).isFalse();
        assertThat(DatabaseOutage.isCause(new TransactionException("no cause"))).isFalse();
    }
}
