package org.gantry.base.db;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Tells a failure to reach the database (server down, restarting, connection cut, pool unable
 * to connect) from every other failure, so that callers answer "try again later" instead of
 * "Gantry is broken".
 */
public final class DatabaseOutage {

    private DatabaseOutage() {
    }

    /** Whether this failure, or one of its causes, is the database being unreachable. */
    public static boolean isCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException
                    || t instanceof org.springframework.transaction.CannotCreateTransactionException
                    || t instanceof org.springframework.dao.DataAccessResourceFailureException
                    || t instanceof org.hibernate.exception.JDBCConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && isOutageState(sql.getSQLState())) {
                return true;
            }
            // a rollback fails only on a broken connection; the failure that caused the rollback is lost then
            if (t instanceof org.hibernate.TransactionException && t.getCause() instanceof SQLException) {
                return true;
            }
            if (t instanceof org.springframework.transaction.TransactionSystemException system
                    && system.getApplicationException() != null && isCause(system.getApplicationException())) {
                return true;
            }
        }
        return false;
    }

    /**
     * SQL states of class 08 (connection exception) and the server shutting down, crashed or
     * still starting (57P01, 57P02, 57P03).
     */
    static boolean isOutageState(String state) {
        return state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
                || state.equals("57P03"));
    }
}
